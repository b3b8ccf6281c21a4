import { unwrap } from "@kestrel/api-client";
import {
  HISTORY_STATUS_PHRASES,
  HISTORY_TYPE_PHRASES,
  LEDGER_ACCOUNT_PHRASES,
  LEDGER_OPERATION_STATUS_PHRASES,
  ledgerOperationPhrase,
  TRANSFER_TYPE_PHRASES,
} from "@kestrel/domain";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Details } from "../../components/Details.tsx";
import { Dl, ErrorMessage, Loading, Section, Status, Table } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";
import { wordFor } from "../../lib/words.ts";

const account = (a: { kind: string; ownerId: string | null }) =>
  a.ownerId ? (
    <Link to={`/customers/${a.ownerId}`}>{wordFor(LEDGER_ACCOUNT_PHRASES, a.kind)}</Link>
  ) : (
    wordFor(LEDGER_ACCOUNT_PHRASES, a.kind)
  );

const DIRECTION_WORDS = { IN: "Money in", OUT: "Money out" } as const;

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
      <h1>
        {first
          ? wordFor(HISTORY_TYPE_PHRASES, first.type)
          : op.ledger
            ? ledgerOperationPhrase(op.ledger.kind)
            : "Operation"}
      </h1>
      <Section title="Summary">
        <Dl
          items={[
            [
              "Operation id",
              <span key="id" className="mono">
                {op.operationId}
              </span>,
            ],
            [
              "Ledger",
              op.ledger
                ? `${ledgerOperationPhrase(op.ledger.kind)} · ${wordFor(LEDGER_OPERATION_STATUS_PHRASES, op.ledger.status)}`
                : "No ledger operation",
            ],
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
            {
              header: "Direction",
              cell: (e) => <Status value={e.direction} label={DIRECTION_WORDS[e.direction]} />,
            },
            { header: "Amount", cell: (e) => <span className="num">{`${e.amount} ${e.currency}`}</span> },
            { header: "Fee", cell: (e) => <span className="num">{e.fee}</span> },
            {
              header: "Status",
              cell: (e) => <Status value={e.status} label={wordFor(HISTORY_STATUS_PHRASES, e.status)} />,
            },
            {
              header: "Provider details",
              cell: (e) => <Details value={e.details} />,
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
            { header: "Type", cell: (l) => wordFor(TRANSFER_TYPE_PHRASES, l.type) },
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
