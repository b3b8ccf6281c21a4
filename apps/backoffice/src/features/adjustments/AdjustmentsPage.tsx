import { ApiError, unwrap } from "@kestrel/api-client";
import { LEDGER_ACCOUNT_PHRASES } from "@kestrel/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import {
  Dl,
  DoneMessage,
  ErrorMessage,
  Field,
  IdLink,
  Loading,
  Section,
  Status,
  Table,
} from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";
import { can, useMe } from "../../lib/me.ts";
import { wordFor } from "../../lib/words.ts";
import { type Adjustment, customerOf, movement } from "./adjustment-words.ts";

type Asking = { adjustment: Adjustment; decision: "approve" | "reject" };

/**
 * The adjustments queue: waiting proposals first (oldest first), each approved or rejected by
 * another operator than its proposer after a confirmation; then the decided ones.
 */
export function AdjustmentsPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const list = useQuery({
    queryKey: ["adjustments"],
    queryFn: () => unwrap(api.GET("/admin/v1/adjustments")),
  });
  const decide = useMutation({
    mutationFn: (v: Asking & { reason: string }) => {
      const params = { path: { adjustmentId: v.adjustment.id } };
      return unwrap(
        v.decision === "approve"
          ? api.POST("/admin/v1/adjustments/{adjustmentId}/approve", { params })
          : api.POST("/admin/v1/adjustments/{adjustmentId}/reject", { params, body: { reason: v.reason } }),
      );
    },
    onSuccess: (a) => {
      setAsking(undefined);
      setDone(`${movement(a)}: ${a.status === "APPROVED" ? "approved and posted" : "rejected"}.`);
      void queryClient.invalidateQueries({ queryKey: ["adjustments"] });
      void queryClient.invalidateQueries({ queryKey: ["customer", a.customerId] });
    },
    // A proposal decided or expired meanwhile: the list shows what it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["adjustments"] }),
  });

  if (list.isPending) return <Loading />;
  if (list.error || !list.data) return <ErrorMessage error={list.error} />;
  const waiting = list.data.adjustments.filter((a) => a.status === "PROPOSED");
  const decided = list.data.adjustments.filter((a) => a.status !== "PROPOSED");
  const mayDecide = can(me, "adjustments.approve");
  const reasonError =
    decide.error instanceof ApiError && decide.error.field === "reason" ? decide.error.message : undefined;
  const ask = (adjustment: Adjustment, decision: Asking["decision"]) => {
    decide.reset();
    setDone(undefined);
    setAsking({ adjustment, decision });
  };
  const confirm = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!asking) return;
    decide.mutate({ ...asking, reason: String(new FormData(e.currentTarget).get("reason") ?? "").trim() });
  };

  return (
    <>
      <h1>Adjustments</h1>
      <DoneMessage>{done}</DoneMessage>
      <Section title="Waiting for a decision">
        {waiting.length === 0 ? <p className="muted">Nothing is waiting.</p> : null}
        <ul className="proposals">
          {waiting.map((a) => {
            const own = a.proposedBy.id === me.operator.id;
            const open = asking?.adjustment.id === a.id;
            return (
              <li key={a.id} className="proposal" aria-labelledby={`adj-${a.id}`}>
                <h3 id={`adj-${a.id}`}>{movement(a)}</h3>
                <Dl
                  items={[
                    [
                      "Customer",
                      <Link key="c" to={`/customers/${a.customerId}`}>
                        {customerOf(a)}
                      </Link>,
                    ],
                    ["House account", wordFor(LEDGER_ACCOUNT_PHRASES, a.houseAccount)],
                    ["The customer reads", a.customerReason],
                    ["Audit reason", a.auditReason],
                    ["Proposed by", `${a.proposedBy.email}, ${when(a.createdAt)}`],
                    ["Expires", when(a.expiresAt)],
                  ]}
                />
                {own ? (
                  <p className="muted">Waiting for another operator: you proposed it.</p>
                ) : mayDecide && !open ? (
                  <div className="actions">
                    <button type="button" className="button" onClick={() => ask(a, "approve")}>
                      Approve<span className="visually-hidden"> {movement(a)}</span>
                    </button>
                    <button type="button" className="button secondary" onClick={() => ask(a, "reject")}>
                      Reject<span className="visually-hidden"> {movement(a)}</span>
                    </button>
                  </div>
                ) : null}
                {open && asking ? (
                  <form onSubmit={confirm} noValidate className="proposal-confirm">
                    <p>
                      {asking.decision === "approve"
                        ? `Post it now: ${movement(a)} ${a.direction === "CREDIT" ? "to" : "from"} the customer's wallet, against the house account ${wordFor(LEDGER_ACCOUNT_PHRASES, a.houseAccount)}?`
                        : "Reject this adjustment? Nothing moves."}
                    </p>
                    {asking.decision === "reject" ? (
                      <Field id={`reject-${a.id}`} label="Reason (for the audit trail)" error={reasonError}>
                        <textarea
                          id={`reject-${a.id}`}
                          name="reason"
                          rows={2}
                          maxLength={500}
                          aria-invalid={reasonError ? true : undefined}
                        />
                      </Field>
                    ) : null}
                    <ErrorMessage error={decide.error && !reasonError ? decide.error : undefined} />
                    <div className="actions">
                      <button
                        type="submit"
                        className={asking.decision === "approve" ? "button" : "button danger"}
                        disabled={decide.isPending}
                      >
                        {asking.decision === "approve" ? "Confirm the approval" : "Confirm the rejection"}
                      </button>
                      <button type="button" className="button secondary" onClick={() => setAsking(undefined)}>
                        Cancel
                      </button>
                    </div>
                  </form>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Section>
      <Section title="Decided">
        <Table<Adjustment>
          caption="Decided adjustments"
          rows={decided}
          rowKey={(a) => a.id}
          empty="No adjustment decided yet."
          columns={[
            { header: "Movement", cell: (a) => <span className="num">{movement(a)}</span> },
            {
              header: "Customer",
              cell: (a) => <Link to={`/customers/${a.customerId}`}>{customerOf(a)}</Link>,
            },
            { header: "Status", cell: (a) => <Status value={a.status} /> },
            { header: "Proposed by", cell: (a) => a.proposedBy.email },
            { header: "Decided by", cell: (a) => a.decidedBy?.email ?? "—" },
            { header: "When", cell: (a) => when(a.decidedAt) },
            {
              header: "Operation",
              cell: (a) =>
                a.ledgerOperationId ? (
                  <IdLink to={`/operations/${a.ledgerOperationId}`} id={a.ledgerOperationId} />
                ) : (
                  "—"
                ),
            },
          ]}
        />
      </Section>
    </>
  );
}
