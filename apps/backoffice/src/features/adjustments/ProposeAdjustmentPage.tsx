import { ApiError, unwrap } from "@kestrel/api-client";
import { LEDGER_ACCOUNT_PHRASES } from "@kestrel/domain";
import { RadioChoices } from "@kestrel/ui-base/radio-choices";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { Dl, DoneMessage, ErrorMessage, Field, Loading, Section } from "../../components/kit.tsx";
import { api } from "../../lib/api.ts";
import { wordFor } from "../../lib/words.ts";
import { type Direction, HOUSE_ACCOUNTS, movement } from "./adjustment-words.ts";

type Draft = {
  currency: string;
  direction: Direction;
  amount: string;
  houseAccount: string;
  customerReason: string;
  auditReason: string;
};

/**
 * From a customer's page: a credit or debit of one of their wallets against a house account,
 * with a reason for the customer and one for the audit. Reviewed once before it is proposed;
 * another operator approves it (the adjustments queue).
 */
export function ProposeAdjustmentPage() {
  const { customerId = "" } = useParams();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | undefined>();
  const [reviewing, setReviewing] = useState(false);
  const page = useQuery({
    queryKey: ["customer", customerId],
    queryFn: () => unwrap(api.GET("/admin/v1/customers/{customerId}", { params: { path: { customerId } } })),
  });
  const propose = useMutation({
    mutationFn: (d: Draft) =>
      unwrap(
        api.POST("/admin/v1/adjustments", {
          body: { customerId, ...d, houseAccount: d.houseAccount as "adjustments" },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["adjustments"] }),
    // A field the server refused is corrected in the form.
    onError: () => setReviewing(false),
  });

  if (page.isPending) return <Loading />;
  if (page.error || !page.data) return <ErrorMessage error={page.error} />;
  const p = page.data.profile;
  const name = [p.firstName, p.lastName].filter(Boolean).join(" ") || `+${p.phone}`;
  const wallets = page.data.wallets.filter((w) => w.kind === "customer_wallet");
  const fieldError = (field: string) =>
    propose.error instanceof ApiError && propose.error.field === field ? propose.error.message : undefined;
  const otherError = propose.error instanceof ApiError && propose.error.field ? undefined : propose.error;

  const review = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    setDraft({
      currency: text("currency"),
      direction: text("direction") === "DEBIT" ? "DEBIT" : "CREDIT",
      amount: text("amount"),
      houseAccount: text("houseAccount"),
      customerReason: text("customerReason"),
      auditReason: text("auditReason"),
    });
    propose.reset();
    setReviewing(true);
  };

  const back = (
    <p>
      <Link to={`/customers/${customerId}`}>← {name}</Link>
    </p>
  );
  if (propose.data) {
    return (
      <>
        {back}
        <h1>Adjustment proposed</h1>
        <Section title="Waiting for another operator">
          <DoneMessage>
            {`${movement(propose.data)} proposed for ${name}. Another operator approves or rejects it.`}
          </DoneMessage>
          <p>
            <Link to="/adjustments">Go to the adjustments queue</Link>
          </p>
        </Section>
      </>
    );
  }

  return (
    <>
      {back}
      <h1>Propose an adjustment for {name}</h1>
      {reviewing && draft ? (
        <Section title="Check the adjustment">
          <Dl
            items={[
              ["Movement", movement(draft)],
              ["Customer", name],
              ["House account", wordFor(LEDGER_ACCOUNT_PHRASES, draft.houseAccount)],
              ["The customer reads", draft.customerReason],
              ["Audit reason", draft.auditReason],
            ]}
          />
          <p className="muted">Nothing moves until another operator approves it.</p>
          <ErrorMessage error={otherError} />
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={propose.isPending}
              onClick={() => propose.mutate(draft)}
            >
              Propose the adjustment
            </button>
            <button type="button" className="button secondary" onClick={() => setReviewing(false)}>
              Change
            </button>
          </div>
        </Section>
      ) : (
        <Section title="Adjustment">
          <form onSubmit={review} noValidate>
            <Field id="adj-currency" label="Wallet" error={fieldError("currency")}>
              <select
                id="adj-currency"
                name="currency"
                defaultValue={draft?.currency ?? wallets[0]?.currency}
              >
                {wallets.map((w) => (
                  <option key={w.id} value={w.currency}>
                    {`${w.currency} · balance ${w.balance}`}
                  </option>
                ))}
              </select>
            </Field>
            <RadioChoices
              legend="Direction"
              name="direction"
              choices={["CREDIT", "DEBIT"] as const}
              label={(d) => (d === "CREDIT" ? "Credit (add to the wallet)" : "Debit (take from the wallet)")}
              defaultValue={draft?.direction ?? "CREDIT"}
              choiceClassName="radio"
            />
            <Field id="adj-amount" label="Amount" error={fieldError("amount")} hint="Like 12.50">
              <input
                id="adj-amount"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={draft?.amount}
                aria-invalid={fieldError("amount") ? true : undefined}
                aria-describedby="adj-amount-hint"
              />
            </Field>
            <Field id="adj-house" label="House account" error={fieldError("houseAccount")}>
              <select id="adj-house" name="houseAccount" defaultValue={draft?.houseAccount ?? "adjustments"}>
                {HOUSE_ACCOUNTS.map((h) => (
                  <option key={h.value} value={h.value}>
                    {h.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              id="adj-customer-reason"
              label="Reason for the customer"
              error={fieldError("customerReason")}
              hint="Shown in the customer's history."
            >
              <textarea
                id="adj-customer-reason"
                name="customerReason"
                rows={2}
                maxLength={500}
                defaultValue={draft?.customerReason}
                aria-describedby="adj-customer-reason-hint"
              />
            </Field>
            <Field
              id="adj-audit-reason"
              label="Reason for the audit"
              error={fieldError("auditReason")}
              hint="Operators only: a ticket, what was wrong."
            >
              <textarea
                id="adj-audit-reason"
                name="auditReason"
                rows={2}
                maxLength={500}
                defaultValue={draft?.auditReason}
                aria-describedby="adj-audit-reason-hint"
              />
            </Field>
            <ErrorMessage error={otherError} />
            <button className="button" type="submit" disabled={wallets.length === 0}>
              Review
            </button>
            {wallets.length === 0 ? <p className="muted">The customer has no wallet yet.</p> : null}
          </form>
        </Section>
      )}
    </>
  );
}
