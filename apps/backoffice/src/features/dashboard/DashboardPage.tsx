import { unwrap } from "@kestrel/api-client";
import { KYC_CASE_KIND_PHRASES } from "@kestrel/domain";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ErrorMessage, Loading, Section, Status, Table } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";
import { KIND_LABELS } from "../../lib/payment-kinds.ts";

/** The first page: what waits for someone, and today's money. */
export function DashboardPage() {
  const q = useQuery({ queryKey: ["dashboard"], queryFn: () => unwrap(api.GET("/admin/v1/dashboard")) });
  return (
    <>
      <h1>Overview</h1>
      <ErrorMessage error={q.error} />
      {q.isPending ? <Loading /> : null}
      {q.data ? (
        <div className="grid">
          <Section title="KYC cases waiting">
            <p className="big">{q.data.kyc.waiting}</p>
            <Table
              caption="Oldest waiting cases"
              rows={q.data.kyc.oldest}
              rowKey={(c) => c.id}
              empty="Nothing waits for a review."
              columns={[
                { header: "Customer", cell: (c) => <Link to={`/kyc/${c.id}`}>{c.customerName}</Link> },
                { header: "Kind", cell: (c) => KYC_CASE_KIND_PHRASES[c.kind] },
                { header: "Submitted", cell: (c) => when(c.submittedAt) },
              ]}
            />
          </Section>
          <Section title="Payments pending too long">
            <p className="big">
              <Link to="/stuck-payments">
                {q.data.latePaymentsCount}
                <span className="visually-hidden"> payments pending too long: see them all</span>
              </Link>
            </p>
            <Table
              caption="Payments pending past their expected time, oldest first"
              rows={q.data.latePayments}
              rowKey={(p) => `${p.kind}-${p.id}`}
              empty="No payment is late."
              columns={[
                {
                  header: "Kind",
                  cell: (p) => <Link to={`/stuck-payments?kind=${p.kind}`}>{KIND_LABELS[p.kind]}</Link>,
                },
                { header: "Amount", cell: (p) => <span className="num">{`${p.amount} ${p.currency}`}</span> },
                { header: "Since", cell: (p) => when(p.since) },
              ]}
            />
          </Section>
          <Section title="Today's volumes">
            <Table
              caption="Completed volumes today per currency"
              rows={q.data.volumesToday}
              rowKey={(v) => `${v.currency}-${v.direction}`}
              empty="No completed payment today."
              columns={[
                { header: "Currency", cell: (v) => v.currency },
                { header: "Direction", cell: (v) => <Status value={v.direction} /> },
                { header: "Total", cell: (v) => <span className="num">{v.total}</span> },
                { header: "Count", cell: (v) => v.count },
              ]}
            />
          </Section>
        </div>
      ) : null}
    </>
  );
}
