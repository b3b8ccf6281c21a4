import { unwrap } from "@kestrel/api-client";
import {
  KYC_CASE_KIND_PHRASES,
  KYC_QUEUE_FILTER_PHRASES,
  KYC_QUEUE_FILTERS,
  KYC_STATUS_PHRASES,
  type KycQueueFilter,
} from "@kestrel/domain";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { ErrorMessage, Loading, Status, Table } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";
import { wordFor } from "../../lib/words.ts";

/** The review queue: waiting cases oldest first; decided ones by their outcome. */
export function CasesPage() {
  const [params, setParams] = useSearchParams();
  const status = (KYC_QUEUE_FILTERS as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as KycQueueFilter)
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
          {KYC_QUEUE_FILTERS.map((s) => (
            <option key={s} value={s}>
              {KYC_QUEUE_FILTER_PHRASES[s]}
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
            { header: "Kind", cell: (c) => KYC_CASE_KIND_PHRASES[c.kind] },
            {
              header: "Status",
              cell: (c) => <Status value={c.status} label={wordFor(KYC_STATUS_PHRASES, c.status)} />,
            },
            { header: "Submitted", cell: (c) => when(c.submittedAt) },
            { header: "Decided", cell: (c) => when(c.decidedAt) },
          ]}
        />
      ) : null}
    </>
  );
}
