import { unwrap } from "@kestrel/api-client";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { ErrorMessage, Loading, Status, Table } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";

const STATUSES = ["WAITING", "APPROVED", "REJECTED", "ACTION_NEEDED"] as const;
type CaseStatus = (typeof STATUSES)[number];

/** The review queue: waiting cases oldest first; decided ones by their outcome. */
export function CasesPage() {
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as CaseStatus)
    : "WAITING";
  const q = useQuery({
    queryKey: ["kyc-cases", status],
    queryFn: () => unwrap(api.GET("/admin/v1/kyc/cases", { params: { query: { status } } })),
  });
  return (
    <>
      <h1>KYC review</h1>
      <div className="toolbar">
        <label htmlFor="case-status">Show</label>
        <select id="case-status" value={status} onChange={(e) => setParams({ status: e.target.value })}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === "WAITING" ? "Waiting (oldest first)" : s.replace(/_/g, " ").toLowerCase()}
            </option>
          ))}
        </select>
      </div>
      <ErrorMessage error={q.error} />
      {q.isPending ? <Loading /> : null}
      {q.data ? (
        <Table
          caption="KYC cases"
          rows={q.data.cases}
          rowKey={(c) => c.id}
          empty="No case here."
          columns={[
            { header: "Customer", cell: (c) => <Link to={`/kyc/${c.id}`}>{c.customerName}</Link> },
            { header: "Kind", cell: (c) => (c.kind === "IDENTITY" ? "Identity check" : "Limit increase") },
            { header: "Status", cell: (c) => <Status value={c.status} /> },
            { header: "Submitted", cell: (c) => when(c.submittedAt) },
            { header: "Decided", cell: (c) => when(c.decidedAt) },
          ]}
        />
      ) : null}
    </>
  );
}
