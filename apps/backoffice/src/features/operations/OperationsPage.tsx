import { ApiError, unwrap } from "@kestrel/api-client";
import {
  HISTORY_STATUS_PHRASES,
  HISTORY_STATUSES,
  HISTORY_TYPE_PHRASES,
  HISTORY_TYPES,
} from "@kestrel/domain";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { ErrorMessage, Field, Loading, Status, Table } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";
import { wordFor } from "../../lib/words.ts";

const FILTERS = ["kind", "status", "currency", "minAmount", "maxAmount", "from", "to", "customerId"] as const;

/** Operations across the merchant, filtered; the filters live in the address (shareable). */
export function OperationsPage() {
  const [params, setParams] = useSearchParams();
  const query: Record<string, string> = {};
  for (const f of FILTERS) {
    const v = params.get(f);
    if (v) query[f] = f === "from" || f === "to" ? new Date(v).toISOString() : v;
  }
  const q = useQuery({
    queryKey: ["operations", query],
    queryFn: () => unwrap(api.GET("/admin/v1/operations", { params: { query: query as never } })),
  });
  const fieldError = (name: string) =>
    q.error instanceof ApiError && q.error.field === name ? q.error.message : undefined;
  return (
    <>
      <h1>Operations</h1>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const next: Record<string, string> = {};
          for (const f of FILTERS) {
            const v = String(form.get(f) ?? "").trim();
            if (v) next[f] = v;
          }
          setParams(next);
        }}
      >
        <Field id="op-kind" label="Kind">
          <select id="op-kind" name="kind" defaultValue={params.get("kind") ?? ""}>
            <option value="">Any</option>
            {HISTORY_TYPES.map((k) => (
              <option key={k} value={k}>
                {HISTORY_TYPE_PHRASES[k]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="op-status" label="Status">
          <select id="op-status" name="status" defaultValue={params.get("status") ?? ""}>
            <option value="">Any</option>
            {HISTORY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {HISTORY_STATUS_PHRASES[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="op-currency" label="Currency" error={fieldError("currency")}>
          <input
            id="op-currency"
            name="currency"
            defaultValue={params.get("currency") ?? ""}
            placeholder="EUR"
          />
        </Field>
        <Field id="op-min" label="Amount from" error={fieldError("minAmount")}>
          <input
            id="op-min"
            name="minAmount"
            inputMode="decimal"
            defaultValue={params.get("minAmount") ?? ""}
          />
        </Field>
        <Field id="op-max" label="Amount to" error={fieldError("maxAmount")}>
          <input
            id="op-max"
            name="maxAmount"
            inputMode="decimal"
            defaultValue={params.get("maxAmount") ?? ""}
          />
        </Field>
        <Field id="op-from" label="From">
          <input id="op-from" name="from" type="datetime-local" defaultValue={params.get("from") ?? ""} />
        </Field>
        <Field id="op-to" label="Until">
          <input id="op-to" name="to" type="datetime-local" defaultValue={params.get("to") ?? ""} />
        </Field>
        <Field id="op-customer" label="Customer id" error={fieldError("customerId")}>
          <input id="op-customer" name="customerId" defaultValue={params.get("customerId") ?? ""} />
        </Field>
        <button className="button" type="submit">
          Search
        </button>
      </form>
      <ErrorMessage
        error={q.error && !(q.error instanceof ApiError && q.error.field) ? q.error : undefined}
      />
      {q.isFetching ? <Loading /> : null}
      {q.data ? (
        <Table
          caption="Operations"
          rows={q.data.operations}
          rowKey={(o) => `${o.operationId}-${o.customerId}-${o.direction}`}
          empty="No operation matches."
          columns={[
            {
              header: "Operation",
              cell: (o) => (
                <Link to={`/operations/${o.operationId}`}>{wordFor(HISTORY_TYPE_PHRASES, o.type)}</Link>
              ),
            },
            {
              header: "Customer",
              cell: (o) => (
                <Link to={`/customers/${o.customerId}`} className="mono">
                  {o.customerId.slice(0, 8)}…
                </Link>
              ),
            },
            {
              header: "Amount",
              cell: (o) => (
                <span className="num">{`${o.direction === "OUT" ? "−" : "+"}${o.amount} ${o.currency}`}</span>
              ),
            },
            {
              header: "Status",
              cell: (o) => <Status value={o.status} label={wordFor(HISTORY_STATUS_PHRASES, o.status)} />,
            },
            { header: "When", cell: (o) => when(o.createdAt) },
          ]}
        />
      ) : null}
    </>
  );
}
