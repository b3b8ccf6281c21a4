import { useId, useState } from "react";
import { Section, Table } from "../../components/kit.tsx";
import { type Config, rowError, useSaveSection } from "./config-api.ts";
import { SaveBar } from "./SaveBar.tsx";

type Pair = Config["fees"]["pairs"][number];
type Fees = Pair["fees"];

/** What each kind of offer prices, as operators name it. */
const KINDS: Record<string, string> = {
  EXCHANGE: "Exchange",
  EXCHANGE_IBAN: "Exchange to IBAN",
  CARD_ORDER: "Card order",
  PAYIN_CARD: "Card pay-in",
  PAYOUT_CARD: "Card payout",
  CARD_PAYLOAD: "Card top-up",
};

const pairName = (p: Pair) => `${p.currencyFrom} → ${p.currencyTo}`;
const pairKey = (p: Pair) => `${p.kind} ${p.currencyFrom} ${p.currencyTo}`;

/**
 * The fees of every pair the merchant prices (docs/quotes.md "Fee kinds"): percents, the fixed
 * fee in EUR and the free transactions. Bands of a fee table are kept as they are here.
 */
export function FeesSection(props: { pairs: Pair[]; canSave: boolean }) {
  const [rows, setRows] = useState(props.pairs);
  // A merchant prices dozens of pairs: the operator looks at one kind at a time. Saving sends them all.
  const [kind, setKind] = useState("");
  const kindId = useId();
  const kinds = [...new Set(rows.map((p) => p.kind))];
  const save = useSaveSection("fees");
  const bad = rowError(save.error, "pairs");
  const badPair = bad ? rows[bad.row] : undefined;
  const set = (key: string, patch: Partial<Fees>) =>
    setRows((all) => all.map((p) => (pairKey(p) === key ? { ...p, fees: { ...p.fees, ...patch } } : p)));
  const input = (p: Pair, field: "transactionFee" | "additionalFee" | "fixFee", label: string) => (
    <input
      className="amount-input"
      inputMode="decimal"
      aria-label={`${label} of ${KINDS[p.kind] ?? p.kind} ${pairName(p)}`}
      value={p.fees[field]}
      aria-invalid={badPair === p && bad?.field === `fees.${field}` ? true : undefined}
      disabled={!props.canSave}
      onChange={(e) => set(pairKey(p), { [field]: e.target.value.trim() })}
    />
  );
  return (
    <Section title="Fees" id="config-fees">
      <p className="muted">
        Percents of the amount sent (0.5 is 0.5 %, at most 2 decimals); the fixed fee is in EUR. While a
        customer has free transactions left, they pay no fee.
      </p>
      <div className="field fees-filter">
        <label htmlFor={kindId}>Show</label>
        <select id={kindId} value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="">Every kind ({rows.length} pairs)</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {KINDS[k] ?? k}
            </option>
          ))}
        </select>
      </div>
      <Table<Pair>
        caption="Fees per pair"
        rows={kind ? rows.filter((p) => p.kind === kind) : rows}
        rowKey={pairKey}
        empty="This merchant prices no pairs."
        columns={[
          { header: "Kind", cell: (p) => KINDS[p.kind] ?? p.kind },
          { header: "Pair", cell: (p) => <span className="mono">{pairName(p)}</span> },
          { header: "Fee %", cell: (p) => input(p, "transactionFee", "Fee %") },
          { header: "Additional %", cell: (p) => input(p, "additionalFee", "Additional %") },
          { header: "Fixed (EUR)", cell: (p) => input(p, "fixFee", "Fixed fee in EUR") },
          {
            header: "Free transactions",
            cell: (p) => (
              <input
                className="amount-input"
                type="number"
                min={0}
                step={1}
                aria-label={`Free transactions of ${KINDS[p.kind] ?? p.kind} ${pairName(p)}`}
                value={p.fees.freeTransactionsPromo.available}
                disabled={!props.canSave}
                onChange={(e) =>
                  set(pairKey(p), { freeTransactionsPromo: { available: Number(e.target.value) || 0 } })
                }
              />
            ),
          },
          {
            header: "Fee table",
            cell: (p) =>
              p.fees.feeTableEnabled ? `${p.fees.feeTable.length} bands` : <span className="muted">Off</span>,
          },
        ]}
      />
      {bad && badPair ? (
        <p className="error" role="alert">
          {KINDS[badPair.kind] ?? badPair.kind} {pairName(badPair)}
          {bad.field ? `, ${bad.field.replace(/^fees\./, "")}` : ""}: {bad.why}
        </p>
      ) : null}
      <SaveBar
        label="fees"
        errorShown={Boolean(bad && badPair)}
        mutation={save}
        canSave={props.canSave}
        onSave={(reason) => save.mutate({ pairs: rows, ...(reason ? { reason } : {}) })}
      />
    </Section>
  );
}
