import { unwrap } from "@kestrel/api-client";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { Details } from "../../components/Details.tsx";
import { ErrorMessage, Field, Loading, Status, Table } from "../../components/kit.tsx";
import { api, session, when } from "../../lib/api.ts";
import { plainWords } from "../../lib/words.ts";

const FILTERS = ["action", "operator", "targetId", "outcome"] as const;

/** The audit trail: who did what to whom, and what was refused; exported as CSV. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const query: Record<string, string> = {};
  for (const f of FILTERS) {
    const v = params.get(f);
    if (v) query[f] = v;
  }
  const q = useQuery({
    queryKey: ["audit", query],
    queryFn: () => unwrap(api.GET("/admin/v1/audit", { params: { query: query as never } })),
  });
  const csv = async () => {
    // The export is a GET with the session cookie; the merchant header needs fetch, not a link.
    const merchantId = session.merchantId();
    const res = await fetch(
      `/admin/v1/audit?${new URLSearchParams({ ...query, format: "csv", limit: "1000" })}`,
      {
        headers: merchantId ? { "x-merchant-id": merchantId } : {},
      },
    );
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = "audit.csv";
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <>
      <h1>Audit trail</h1>
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
        <Field id="audit-action" label="Action">
          <input
            id="audit-action"
            name="action"
            defaultValue={params.get("action") ?? ""}
            placeholder="kyc.decision.approve"
          />
        </Field>
        <Field id="audit-operator" label="Operator email">
          <input id="audit-operator" name="operator" defaultValue={params.get("operator") ?? ""} />
        </Field>
        <Field id="audit-target" label="Target id">
          <input id="audit-target" name="targetId" defaultValue={params.get("targetId") ?? ""} />
        </Field>
        <Field id="audit-outcome" label="Outcome">
          <select id="audit-outcome" name="outcome" defaultValue={params.get("outcome") ?? ""}>
            <option value="">Any</option>
            <option value="DONE">Done</option>
            <option value="REFUSED">Refused</option>
          </select>
        </Field>
        <button className="button" type="submit">
          Search
        </button>
        <button className="button secondary" type="button" onClick={csv}>
          Export CSV
        </button>
      </form>
      <ErrorMessage error={q.error} />
      {q.isFetching ? <Loading /> : null}
      {q.data ? (
        <Table
          caption="Audit entries"
          rows={q.data.entries}
          rowKey={(e) => e.id}
          empty="No entry matches."
          columns={[
            { header: "When", cell: (e) => when(e.createdAt) },
            { header: "Operator", cell: (e) => e.operatorEmail ?? "—" },
            // The code stays in the title: it is what the Action filter above takes.
            { header: "Action", cell: (e) => <span title={e.action}>{plainWords(e.action)}</span> },
            { header: "Outcome", cell: (e) => <Status value={e.outcome} /> },
            {
              header: "Target",
              cell: (e) =>
                e.targetId ? <span className="mono">{`${e.targetType ?? ""} ${e.targetId}`}</span> : "—",
            },
            { header: "Reason", cell: (e) => e.reason ?? "—" },
            {
              header: "What changed",
              cell: (e) => <Details value={e.changes} />,
            },
            { header: "IP", cell: (e) => e.ip ?? "—" },
          ]}
        />
      ) : null}
    </>
  );
}
