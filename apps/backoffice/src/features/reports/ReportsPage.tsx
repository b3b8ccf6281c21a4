import { unwrap } from "@kestrel/api-client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { ErrorMessage, Field, Loading, Section, Status, Table } from "../../components/kit.tsx";
import { api, session } from "../../lib/api.ts";
import { BarChart } from "./Chart.tsx";
import { addDecimals } from "./decimals.ts";
import "./reports.css";

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const KIND_NAMES: Record<string, string> = {
  PAYIN: "Card pay-in",
  PAYOUT: "Card payout",
  CRYPTO: "Crypto",
  SEPA: "SEPA",
  EXCHANGE: "Exchange",
  CARD_TOP_UP: "Card top-up",
  CARD_ORDER: "Card order",
  CARD_SPENDING: "Card spending",
  EARN: "Earn",
  SEND: "Sends",
  FEE: "Fees",
  INTEREST: "Interest",
  SANDBOX_CREDIT: "Sandbox credit",
  OTHER: "Other",
};
const PROVIDER_NAMES: Record<string, string> = {
  ACQUIRER: "Card acquirer",
  BANK: "Bank",
  CHAIN: "Chain",
  ISSUER: "Card issuer",
};

/** Reports: the merchant's days per currency, trends, the CSV, and the reconciliation. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const today = isoDay(Date.now());
  const from = params.get("from") ?? isoDay(Date.now() - 29 * DAY_MS);
  const to = params.get("to") ?? today;
  const daily = useQuery({
    queryKey: ["reports", "daily", from, to],
    queryFn: () => unwrap(api.GET("/admin/v1/reports/daily", { params: { query: { from, to } } })),
  });
  const reconciliation = useQuery({
    queryKey: ["reports", "reconciliation"],
    queryFn: () => unwrap(api.GET("/admin/v1/reports/reconciliation")),
  });
  const rows = daily.data?.rows ?? [];
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  const [picked, setPicked] = useState<string | undefined>();
  const currency = picked && currencies.includes(picked) ? picked : currencies[0];
  const [downloadError, setDownloadError] = useState<string | undefined>();

  const csv = async () => {
    setDownloadError(undefined);
    // A GET with the session cookie; the merchant header needs fetch, not a plain link.
    const merchantId = session.merchantId();
    const res = await fetch(`/admin/v1/reports/daily.csv?${new URLSearchParams({ from, to })}`, {
      headers: merchantId ? { "x-merchant-id": merchantId } : {},
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      setDownloadError(body.message ?? "The export failed.");
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = `daily-report-${from}-${to}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const days = rows.filter((r) => r.currency === currency);
  // Every day of the range on the charts, a day without a row as zero.
  const byDay = new Map(days.map((d) => [d.day, d]));
  const range: string[] = [];
  const end = Math.min(Date.parse(`${to}T00:00:00Z`), Date.parse(`${today}T00:00:00Z`));
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && range.length < 366; t += DAY_MS)
    range.push(isoDay(t));
  const series = (pick: (d: (typeof days)[number]) => number) =>
    range.map((day) => {
      const d = byDay.get(day);
      return { label: day, value: d ? pick(d) : 0 };
    });
  const amount = (v: number) => `${v.toLocaleString("en", { maximumFractionDigits: 8 })} ${currency ?? ""}`;
  const totals = currencies.map((c) => {
    const of = rows.filter((r) => r.currency === c);
    return {
      currency: c,
      closing: of.at(-1)?.closingBalance ?? "0",
      moneyIn: addDecimals(of.map((r) => r.moneyIn)),
      moneyOut: addDecimals(of.map((r) => r.moneyOut)),
      fees: addDecimals(of.map((r) => r.feesEarned)),
      interest: addDecimals(of.map((r) => r.interestPaid)),
    };
  });

  return (
    <>
      <h1>Reports</h1>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          setParams({ from: String(form.get("from")), to: String(form.get("to")) });
        }}
      >
        <Field id="report-from" label="From (UTC day)">
          <input id="report-from" name="from" type="date" required defaultValue={from} max={today} />
        </Field>
        <Field id="report-to" label="To (UTC day, included)">
          <input id="report-to" name="to" type="date" required defaultValue={to} max={today} />
        </Field>
        <button className="button" type="submit">
          Show
        </button>
        <button className="button secondary" type="button" onClick={csv}>
          Download CSV
        </button>
      </form>
      <p className="muted">A page shows up to 366 days; the CSV takes any range up to ten years, streamed.</p>
      {downloadError ? <ErrorMessage error={downloadError} /> : null}
      <ErrorMessage error={daily.error} />
      {daily.isFetching ? <Loading /> : null}

      {daily.data ? (
        <Section title="Per currency">
          <Table
            caption={`Totals from ${from} to ${to}`}
            rows={totals}
            rowKey={(t) => t.currency}
            empty="Nothing held and nothing moved in these days."
            columns={[
              { header: "Currency", cell: (t) => t.currency },
              { header: "Customers hold (end)", cell: (t) => <span className="num">{t.closing}</span> },
              { header: "Money in", cell: (t) => <span className="num">{t.moneyIn}</span> },
              { header: "Money out", cell: (t) => <span className="num">{t.moneyOut}</span> },
              { header: "Fees earned", cell: (t) => <span className="num">{t.fees}</span> },
              { header: "Interest paid", cell: (t) => <span className="num">{t.interest}</span> },
            ]}
          />
        </Section>
      ) : null}

      {currency ? (
        <Section title="Days and trends" id="days-and-trends">
          <div className="toolbar">
            <label htmlFor="report-currency">Currency</label>
            <select id="report-currency" value={currency} onChange={(e) => setPicked(e.target.value)}>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="charts">
            <BarChart
              title={`Volume (money in and out), ${currency}`}
              points={series((d) => Number(d.moneyIn) + Number(d.moneyOut))}
              format={amount}
            />
            <BarChart
              title={`Fees earned, ${currency}`}
              points={series((d) => Number(d.feesEarned))}
              format={amount}
            />
            <BarChart
              title={`Customers who moved money, ${currency}`}
              points={series((d) => d.activeCustomers)}
              format={(v) => `${v} customer${v === 1 ? "" : "s"}`}
            />
          </div>
          <Table
            caption={`Days in ${currency}`}
            rows={[...days].reverse()}
            rowKey={(d) => d.day}
            empty="No day to show."
            columns={[
              { header: "Day", cell: (d) => <span className="num">{d.day}</span> },
              { header: "Customers hold", cell: (d) => <span className="num">{d.closingBalance}</span> },
              { header: "In", cell: (d) => <span className="num">{d.moneyIn}</span> },
              { header: "Out", cell: (d) => <span className="num">{d.moneyOut}</span> },
              { header: "Fees", cell: (d) => <span className="num">{d.feesEarned}</span> },
              { header: "Interest", cell: (d) => <span className="num">{d.interestPaid}</span> },
              { header: "Customers", cell: (d) => <span className="num">{d.activeCustomers}</span> },
              {
                header: "By kind (in / out)",
                cell: (d) =>
                  d.flows.length === 0 ? (
                    "—"
                  ) : (
                    <ul className="flows">
                      {d.flows.map((f) => (
                        <li key={f.kind}>
                          {KIND_NAMES[f.kind] ?? f.kind}: <span className="num">{f.in}</span> /{" "}
                          <span className="num">{f.out}</span>
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
        </Section>
      ) : null}

      <Section title="Reconciliation">
        <ErrorMessage error={reconciliation.error} />
        {reconciliation.data ? (
          <>
            <p className="muted">
              {reconciliation.data.scope === "PLATFORM"
                ? "Every merchant's house accounts beside what each provider reports it holds. A row that differs is flagged."
                : "This merchant's house accounts. The providers report for the platform's accounts: a platform admin reconciles them."}
            </p>
            <Table
              caption="House accounts beside the providers"
              rows={reconciliation.data.rows}
              rowKey={(r) => `${r.provider} ${r.currency}`}
              empty="No house account holds anything yet."
              columns={[
                { header: "Provider", cell: (r) => PROVIDER_NAMES[r.provider] ?? r.provider },
                { header: "Currency", cell: (r) => r.currency },
                {
                  header: "Check",
                  cell: (r) => (
                    <Status value={r.matches === null ? "not_reported" : r.matches ? "matches" : "differs"} />
                  ),
                },
                {
                  header: "Difference",
                  cell: (r) =>
                    r.matches === false ? (
                      <strong className="num differs">{r.difference}</strong>
                    ) : (
                      <span className="num">{r.difference ?? "—"}</span>
                    ),
                },
                { header: "Ledger says", cell: (r) => <span className="num">{r.ledgerBalance}</span> },
                {
                  header: "Provider says",
                  cell: (r) => <span className="num">{r.providerBalance ?? "—"}</span>,
                },
                { header: "In flight", cell: (r) => <span className="num">{r.ledgerPending}</span> },
                {
                  header: "Ledger accounts",
                  cell: (r) => <span className="mono">{r.houseAccounts.join(", ")}</span>,
                },
              ]}
            />
          </>
        ) : reconciliation.isFetching ? (
          <Loading />
        ) : null}
      </Section>
    </>
  );
}
