import { unwrap } from "@kestrel/api-client";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Dl, ErrorMessage, Loading, Section, Status, Table } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";

const account = (a: { kind: string; ownerId: string | null }) =>
  a.ownerId ? (
    <Link to={`/customers/${a.ownerId}`}>{a.kind.replace(/_/g, " ")}</Link>
  ) : (
    a.kind.replace(/_/g, " ")
  );

/** An operation: each party's entry with the provider's details, its ledger legs, its history. */
export function OperationPage() {
  const { operationId = "" } = useParams();
  const q = useQuery({
    queryKey: ["operation", operationId],
    queryFn: () =>
      unwrap(api.GET("/admin/v1/operations/{operationId}", { params: { path: { operationId } } })),
  });
  if (q.isPending) return <Loading />;
  if (q.error || !q.data) return <ErrorMessage error={q.error} />;
  const op = q.data;
  const first = op.entries[0];
  return (
    <>
      <p>
        <Link to="/operations">← Operations</Link>
      </p>
      <h1>{first ? first.type.replace(/_/g, " ") : (op.ledger?.kind ?? "Operation")}</h1>
      <Section title="Summary">
        <Dl
          items={[
            [
              "Operation id",
              <span key="id" className="mono">
                {op.operationId}
              </span>,
            ],
            ["Ledger", op.ledger ? `${op.ledger.kind} · ${op.ledger.status}` : "No ledger operation"],
            ["Created", when(op.ledger?.createdAt ?? first?.createdAt)],
          ]}
        />
      </Section>
      <Section title="Parties">
        <Table
          caption="History entries per party"
          rows={op.entries}
          rowKey={(e) => `${e.customerId}-${e.direction}`}
          empty="No history entry."
          columns={[
            {
              header: "Customer",
              cell: (e) => (
                <Link to={`/customers/${e.customerId}`} className="mono">
                  {e.customerId.slice(0, 8)}…
                </Link>
              ),
            },
            { header: "Direction", cell: (e) => <Status value={e.direction} /> },
            { header: "Amount", cell: (e) => <span className="num">{`${e.amount} ${e.currency}`}</span> },
            { header: "Fee", cell: (e) => <span className="num">{e.fee}</span> },
            { header: "Status", cell: (e) => <Status value={e.status} /> },
            {
              header: "Provider details",
              cell: (e) => <code className="details">{JSON.stringify(e.details)}</code>,
            },
          ]}
        />
      </Section>
      <Section title="Ledger legs">
        <Table
          caption="Ledger legs"
          rows={op.ledger?.legs ?? []}
          rowKey={(l) => l.id}
          empty="No ledger legs."
          columns={[
            { header: "Type", cell: (l) => l.type },
            { header: "From", cell: (l) => account(l.debit) },
            { header: "To", cell: (l) => account(l.credit) },
            { header: "Amount", cell: (l) => <span className="num">{`${l.amount} ${l.currency}`}</span> },
            { header: "When", cell: (l) => when(l.createdAt) },
          ]}
        />
      </Section>
      <Section title="Status history">
        <ol className="timeline">
          {op.statusHistory.map((s) => (
            <li key={`${s.at}-${s.status}`}>
              <time dateTime={s.at}>{when(s.at)}</time> {s.status}
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
