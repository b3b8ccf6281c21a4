import { KYC_LEVEL_PHRASES } from "@kestrel/domain";
import { useState } from "react";
import { Section, Table } from "../../components/kit.tsx";
import { type Config, rowError, useSaveSection } from "./config-api.ts";
import { SaveBar } from "./SaveBar.tsx";

type Limits = Config["limits"];
type OperationNames = Config["operationNames"];
type Row = Limits["limits"][number];

const LEVELS: Record<string, string> = KYC_LEVEL_PHRASES;
const BOUNDS = [
  ["perTransaction", "Per transaction"],
  ["daily", "24 hours"],
  ["monthly", "30 days"],
] as const;

const rowKey = (r: Row) => `${r.kycLevel} ${r.operationType}`;

/**
 * How much each KYC level may move per operation (docs/kyc.md): per transaction, 24 hours and 30
 * days, in the merchant's currency. An operation without a row moves no money at that level.
 */
export function LimitsSection(props: { limits: Limits; canSave: boolean; names: OperationNames }) {
  const label = (type: string) => props.names[type as keyof OperationNames] ?? type;
  const [rows, setRows] = useState(props.limits.limits);
  const save = useSaveSection("limits");
  const { currency } = props.limits;
  const bad = rowError(save.error, "limits");
  const badRow = bad ? rows[bad.row] : undefined;
  const boundName = (field: string) => BOUNDS.find(([b]) => b === field)?.[1] ?? field;
  const set = (key: string, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (rowKey(r) === key ? { ...r, ...patch } : r)));
  return (
    <Section title="Limits" id="config-limits">
      <p className="muted">
        Amounts in {currency}; per transaction at most the 24-hour limit, and that at most the 30-day limit.
      </p>
      <Table<Row>
        caption={`Limits per KYC level in ${currency}`}
        rows={rows}
        rowKey={rowKey}
        empty="No limits: no operation moves money."
        columns={[
          { header: "Level", cell: (r) => LEVELS[r.kycLevel] ?? r.kycLevel },
          { header: "Operation", cell: (r) => label(r.operationType) },
          ...BOUNDS.map(([bound, header]) => ({
            header,
            cell: (r: Row) => (
              <input
                className="amount-input"
                inputMode="decimal"
                aria-label={`${header} for ${label(r.operationType)} at ${LEVELS[r.kycLevel] ?? r.kycLevel}`}
                value={r[bound]}
                aria-invalid={badRow === r && bad?.field === bound ? true : undefined}
                disabled={!props.canSave}
                onChange={(e) => set(rowKey(r), { [bound]: e.target.value.trim() })}
              />
            ),
          })),
        ]}
      />
      {bad && badRow ? (
        <p className="error" role="alert">
          {label(badRow.operationType)} at {LEVELS[badRow.kycLevel] ?? badRow.kycLevel},{" "}
          {boundName(bad.field).toLowerCase()}: {bad.why}
        </p>
      ) : null}
      <SaveBar
        label="limits"
        errorShown={Boolean(bad && badRow)}
        mutation={save}
        canSave={props.canSave}
        onSave={(reason) => save.mutate({ currency, limits: rows, ...(reason ? { reason } : {}) })}
      />
    </Section>
  );
}
