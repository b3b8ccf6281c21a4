import { ApiError, unwrap } from "@kestrel/api-client";
import {
  HISTORY_STATUS_PHRASES,
  HISTORY_TYPE_PHRASES,
  KYC_CASE_KIND_PHRASES,
  KYC_LEVEL_PHRASES,
  KYC_REVIEW_REASON_PHRASES,
  KYC_STATUS_PHRASES,
  LEDGER_ACCOUNT_PHRASES,
} from "@kestrel/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { Link, useParams } from "react-router";
import { Dl, ErrorMessage, Field, Loading, Section, Status, Table } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";
import { can, useMe } from "../../lib/me.ts";
import { plainWords, wordFor } from "../../lib/words.ts";

/** A customer's page: everything an operator needs to help, and the block. */
export function CustomerPage() {
  const { customerId = "" } = useParams();
  const me = useMe();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const page = useQuery({
    queryKey: ["customer", customerId],
    queryFn: () => unwrap(api.GET("/admin/v1/customers/{customerId}", { params: { path: { customerId } } })),
  });
  const blocked = Boolean(page.data?.profile.blockedAt);
  const toggle = useMutation({
    mutationFn: (reason: string) =>
      unwrap(
        api.POST(
          blocked ? "/admin/v1/customers/{customerId}/unblock" : "/admin/v1/customers/{customerId}/block",
          {
            params: { path: { customerId } },
            body: { reason },
          },
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["customer", customerId] }),
  });

  if (page.isPending) return <Loading />;
  if (page.error || !page.data) return <ErrorMessage error={page.error} />;
  const d = page.data;
  const p = d.profile;
  const name = [p.firstName, p.lastName].filter(Boolean).join(" ") || `+${p.phone}`;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    toggle.mutate(String(new FormData(form).get("reason") ?? "").trim(), { onSuccess: () => form.reset() });
  };
  const reasonError =
    toggle.error instanceof ApiError && toggle.error.field === "reason" ? toggle.error.message : undefined;

  return (
    <>
      <p>
        <Link to="/customers">← Customers</Link>
      </p>
      <h1>
        {name} {blocked ? <Status value="BLOCKED" /> : null}
      </h1>
      <div className="grid">
        <Section title="Profile">
          <Dl
            items={[
              [
                "Customer id",
                <span key="id" className="mono">
                  {p.id}
                </span>,
              ],
              ["Phone", `+${p.phone}`],
              ["Email", p.email],
              ["Date of birth", p.dateOfBirth],
              [
                "Address",
                [p.residenceStreet, p.residenceCity, p.residenceCountry].filter(Boolean).join(", ") || "—",
              ],
              ["Customer since", when(p.createdAt)],
              ...(blocked
                ? ([["Blocked", `${when(p.blockedAt)}: ${p.blockedReason ?? ""}`]] as [string, string][])
                : []),
            ]}
          />
        </Section>
        <Section title="Identity (KYC)">
          <Dl
            items={[
              ["Level", wordFor(KYC_LEVEL_PHRASES, d.kyc.level)],
              [
                "Status",
                <Status key="s" value={d.kyc.status} label={wordFor(KYC_STATUS_PHRASES, d.kyc.status)} />,
              ],
            ]}
          />
          <Table
            caption="KYC history"
            rows={d.kyc.history}
            rowKey={(h) => h.id}
            empty="No verification yet."
            columns={[
              {
                header: "Case",
                cell: (h) => <Link to={`/kyc/${h.id}`}>{KYC_CASE_KIND_PHRASES[h.kind]}</Link>,
              },
              {
                header: "Status",
                cell: (h) => <Status value={h.status} label={wordFor(KYC_STATUS_PHRASES, h.status)} />,
              },
              { header: "Submitted", cell: (h) => when(h.submittedAt) },
              {
                header: "Reasons",
                cell: (h) => h.reasons.map((r) => wordFor(KYC_REVIEW_REASON_PHRASES, r)).join(", ") || "—",
              },
            ]}
          />
        </Section>
      </div>
      <Section title="Wallets and balances">
        <Table
          caption="Wallets"
          rows={d.wallets}
          rowKey={(w) => w.id}
          empty="No wallet."
          columns={[
            { header: "Currency", cell: (w) => w.currency },
            { header: "Kind", cell: (w) => wordFor(LEDGER_ACCOUNT_PHRASES, w.kind) },
            { header: "Balance", cell: (w) => <span className="num">{w.balance}</span> },
            { header: "Available", cell: (w) => <span className="num">{w.available}</span> },
          ]}
        />
        {can(me, "adjustments.propose") ? (
          <p>
            <Link className="button secondary" to={`/customers/${customerId}/adjust`}>
              Propose adjustment
            </Link>
          </p>
        ) : null}
      </Section>
      <div className="grid">
        <Section title="Cards">
          <Table
            caption="Cards"
            rows={d.cards}
            rowKey={(c) => c.id}
            empty="No card."
            columns={[
              { header: "Number", cell: (c) => <span className="mono">{c.maskedNumber}</span> },
              { header: "Program", cell: (c) => `${plainWords(c.program)}, ${c.cardType.toLowerCase()}` },
              { header: "Expiry", cell: (c) => c.expiry },
              { header: "Status", cell: (c) => <Status value={c.status} /> },
            ]}
          />
        </Section>
        <Section title="IBANs">
          <Table
            caption="IBAN accounts"
            rows={d.ibans}
            rowKey={(a) => a.id}
            empty="No IBAN."
            columns={[
              { header: "IBAN", cell: (a) => <span className="mono">{a.iban}</span> },
              { header: "BIC", cell: (a) => a.bic },
              { header: "Currency", cell: (a) => a.currency },
              { header: "Status", cell: (a) => <Status value={a.status} /> },
            ]}
          />
        </Section>
      </div>
      <Section title="Deposits">
        <Table
          caption="Deposits"
          rows={d.deposits}
          rowKey={(x) => x.id}
          empty="No deposit."
          columns={[
            {
              header: "Principal",
              cell: (x) => <span className="num">{`${x.principal} ${x.currency}`}</span>,
            },
            { header: "Interest so far", cell: (x) => <span className="num">{x.accruedInterest}</span> },
            { header: "Status", cell: (x) => <Status value={x.status} /> },
            { header: "Opened", cell: (x) => when(x.openedAt) },
            { header: "Ends", cell: (x) => when(x.expiresAt) },
          ]}
        />
      </Section>
      <Section title="Recent operations">
        <Table
          caption="Recent operations"
          rows={d.operations}
          rowKey={(o) => `${o.operationId}-${o.direction}`}
          empty="No operation yet."
          columns={[
            {
              header: "Operation",
              cell: (o) => (
                <Link to={`/operations/${o.operationId}`}>{wordFor(HISTORY_TYPE_PHRASES, o.type)}</Link>
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
      </Section>
      <div className="grid">
        <Section title="Sessions">
          <Table
            caption="Sessions"
            rows={d.sessions}
            rowKey={(s) => s.id}
            empty="Never signed in."
            columns={[
              { header: "Device", cell: (s) => s.deviceId ?? "—" },
              { header: "Started", cell: (s) => when(s.createdAt) },
              {
                header: "Ended",
                cell: (s) => (s.revokedAt ? `${when(s.revokedAt)} (${s.revokedReason ?? ""})` : "Live"),
              },
            ]}
          />
        </Section>
        <Section title="Devices">
          <Table
            caption="Confirmed devices"
            rows={d.devices}
            rowKey={(x) => x.deviceId}
            empty="No confirmed device."
            columns={[
              { header: "Device", cell: (x) => x.deviceId },
              { header: "Confirmed", cell: (x) => when(x.confirmedAt) },
            ]}
          />
        </Section>
      </div>
      {can(me, "customers.block") ? (
        <Section title={blocked ? "Unblock" : "Block"}>
          <form onSubmit={submit} noValidate>
            <p className="muted">
              {blocked
                ? "The customer may sign in and move money again."
                : "Signs the customer out everywhere and refuses sign-in and money out. Money coming in is still credited."}
            </p>
            <Field id={reasonId} label="Reason" error={reasonError}>
              <input id={reasonId} name="reason" minLength={3} maxLength={500} required />
            </Field>
            <ErrorMessage error={toggle.error && !reasonError ? toggle.error : undefined} />
            <button
              className={blocked ? "button" : "button danger"}
              type="submit"
              disabled={toggle.isPending}
            >
              {blocked ? "Unblock the customer" : "Block the customer"}
            </button>
          </form>
        </Section>
      ) : null}
    </>
  );
}
