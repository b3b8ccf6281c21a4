import { ApiError, unwrap } from "@kestrel/api-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ErrorMessage, Field, Loading, Section, Table } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";
import { useMe } from "../../lib/me.ts";
import "./stuck-payments.css";
import { KIND_LABELS, STUCK_KINDS, type StuckKind } from "../../lib/payment-kinds.ts";
import { duration, outcomeText, type StuckOutcome } from "./stuck-words.ts";

type Row = {
  kind: StuckKind;
  id: string;
  customerId: string;
  customerName: string | null;
  amount: string;
  currency: string;
  since: string;
  expectedMinutes: number;
  providerReference: string | null;
};
type Action = "ask-again" | "fail";
type Pending = { action: Action; row: Row };

const ACTION_WORDS: Record<Action, { button: string; title: string; explain: string; confirm: string }> = {
  "ask-again": {
    button: "Ask again",
    title: "Ask the provider again",
    explain:
      "Kestrel asks the provider for this payment's state and applies its answer, as its callback would.",
    confirm: "Ask the provider",
  },
  fail: {
    button: "Fail",
    title: "Fail this payment",
    explain:
      "The payment is failed and the money held for it goes back to the customer, once. Do this only when the provider has confirmed it will not complete.",
    confirm: "Fail the payment",
  },
};

/** Payments pending past their expected time; an operator asks the provider again or fails one. */
export function StuckPaymentsPage() {
  const me = useMe();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get("kind");
  const kind = STUCK_KINDS.find((k) => k === kindParam);
  const [pending, setPending] = useState<Pending | undefined>();
  const [result, setResult] = useState<{ text: string; row: Row } | undefined>();
  const canResolve = me.operator.permissions.includes("payments.resolve" as never);

  const list = useQuery({
    queryKey: ["stuck-payments", kind ?? "all"],
    queryFn: () => unwrap(api.GET("/admin/v1/stuck-payments", { params: { query: kind ? { kind } : {} } })),
  });
  const act = useMutation({
    mutationFn: async (v: Pending & { reason: string }) => {
      const path = { params: { path: { kind: v.row.kind, id: v.row.id } }, body: { reason: v.reason } };
      return unwrap(
        v.action === "fail"
          ? api.POST("/admin/v1/stuck-payments/{kind}/{id}/fail", path)
          : api.POST("/admin/v1/stuck-payments/{kind}/{id}/ask-again", path),
      );
    },
    onSuccess: (answer, v) => {
      setResult({ text: outcomeText(v.action, answer.outcome as StuckOutcome), row: v.row });
      setPending(undefined);
      void queryClient.invalidateQueries({ queryKey: ["stuck-payments"] });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });

  const open = (p: Pending) => {
    act.reset();
    setResult(undefined);
    setPending(p);
  };

  return (
    <>
      <h1>Stuck payments</h1>
      <p className="muted stuck-intro">
        Payments waiting for their provider longer than expected, oldest first. Ask the provider again first;
        fail a payment only once the provider has confirmed it will not complete.
      </p>
      <div className="stuck-filters">
        <Field id="stuck-kind" label="Kind">
          <select
            id="stuck-kind"
            value={kind ?? ""}
            onChange={(e) => setParams(e.target.value ? { kind: e.target.value } : {})}
          >
            <option value="">All kinds</option>
            {STUCK_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div role="status" className="stuck-result">
        {result ? (
          <p className="notice">
            <strong>
              {KIND_LABELS[result.row.kind]} {result.row.amount} {result.row.currency}:
            </strong>{" "}
            {result.text}
          </p>
        ) : null}
      </div>
      <Section title={kind ? `${KIND_LABELS[kind]}s pending too long` : "Pending too long"}>
        {list.isPending ? <Loading /> : null}
        <ErrorMessage error={list.error} />
        {list.data ? (
          <div className="stuck-list">
            <Table<Row>
              caption="Payments pending past their expected time, oldest first"
              rows={list.data.payments as Row[]}
              rowKey={(r) => `${r.kind}-${r.id}`}
              empty="No payment is pending past its expected time."
              columns={[
                { header: "Kind", cell: (r) => KIND_LABELS[r.kind] },
                {
                  header: "Customer",
                  cell: (r) => (
                    <Link to={`/customers/${r.customerId}`} className={r.customerName ? undefined : "mono"}>
                      <span className="stuck-label" aria-hidden="true">
                        Customer{" "}
                      </span>
                      {r.customerName ?? r.customerId.slice(0, 8)}
                      <span className="visually-hidden"> (customer {r.customerId})</span>
                    </Link>
                  ),
                },
                { header: "Amount", cell: (r) => <span className="num">{`${r.amount} ${r.currency}`}</span> },
                {
                  header: "Pending since",
                  cell: (r) => (
                    <>
                      {when(r.since)}
                      <br />
                      <span className="muted">expected within {duration(r.expectedMinutes)}</span>
                    </>
                  ),
                },
                {
                  header: "Provider reference",
                  cell: (r) =>
                    r.providerReference ? (
                      <>
                        <span className="stuck-label" aria-hidden="true">
                          Provider reference{" "}
                        </span>
                        <span className="mono stuck-ref" title={r.providerReference}>
                          {r.providerReference}
                        </span>
                      </>
                    ) : (
                      <span className="muted">no provider reference yet</span>
                    ),
                },
                ...(canResolve
                  ? [
                      {
                        header: "Actions",
                        cell: (r: Row) => (
                          <div className="stuck-actions">
                            {(["ask-again", "fail"] as const).map((action) => (
                              <button
                                key={action}
                                type="button"
                                className={action === "fail" ? "button danger" : "button secondary"}
                                onClick={() => open({ action, row: r })}
                              >
                                {ACTION_WORDS[action].button}
                                <span className="visually-hidden">
                                  {" "}
                                  {KIND_LABELS[r.kind]} {r.amount} {r.currency} since {when(r.since)}
                                </span>
                              </button>
                            ))}
                          </div>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </div>
        ) : null}
      </Section>
      {pending ? (
        <ConfirmDialog
          pending={pending}
          busy={act.isPending}
          error={act.error}
          onCancel={() => setPending(undefined)}
          onConfirm={(reason) => act.mutate({ ...pending, reason })}
        />
      ) : null}
    </>
  );
}

/** A modal asking for the reason (kept in the audit trail) before the action runs. */
function ConfirmDialog(props: {
  pending: Pending;
  busy: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [tooShort, setTooShort] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const { action, row } = props.pending;
  const words = ACTION_WORDS[action];
  const reasonError = tooShort
    ? "Write why, in at least 3 characters: it is kept in the audit trail."
    : props.error instanceof ApiError && props.error.field === "reason"
      ? props.error.message
      : undefined;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get("reason") ?? "").trim();
    setTooShort(reason.length < 3);
    if (reason.length >= 3) props.onConfirm(reason);
  };
  return (
    <dialog ref={ref} className="stuck-dialog" aria-labelledby="stuck-dialog-title" onClose={props.onCancel}>
      <form onSubmit={submit} noValidate>
        <h2 id="stuck-dialog-title">{words.title}</h2>
        <p>
          {KIND_LABELS[row.kind]} of <strong className="num">{`${row.amount} ${row.currency}`}</strong>,
          pending since {when(row.since)}.
        </p>
        <p className="muted">{words.explain}</p>
        <Field id="stuck-reason" label="Reason (kept in the audit trail)" error={reasonError}>
          <textarea
            id="stuck-reason"
            name="reason"
            rows={3}
            minLength={3}
            maxLength={500}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? "stuck-reason-error" : undefined}
          />
        </Field>
        <ErrorMessage error={props.error && !reasonError ? props.error : undefined} />
        <div className="actions">
          <button
            className={action === "fail" ? "button danger" : "button"}
            type="submit"
            disabled={props.busy}
          >
            {words.confirm}
          </button>
          <button type="button" className="button secondary" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
