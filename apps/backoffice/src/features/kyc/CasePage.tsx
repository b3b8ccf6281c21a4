import { ApiError, unwrap } from "@kestrel/api-client";
import {
  DOCUMENT_TYPE_PHRASES,
  type DocumentType,
  KYC_CASE_KIND_PHRASES,
  KYC_DECISION_PHRASES,
  KYC_LEVEL_PHRASES,
  KYC_REVIEW_REASON_PHRASES,
  KYC_STATUS_PHRASES,
  type KycDecision,
} from "@kestrel/domain";
import { RadioChoices } from "@kestrel/ui-base/radio-choices";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { Dl, DoneMessage, ErrorMessage, Field, Loading, Section, Status } from "../../components/kit.tsx";
import { api, when } from "../../lib/api.ts";
import { can, useMe } from "../../lib/me.ts";
import { plainWords, wordFor } from "../../lib/words.ts";

/** The documents an operator may ask for again: the identity document's sides and the selfie. */
const RETRY_DOCUMENTS: readonly DocumentType[] = [
  "PASSPORT_FRONT",
  "ID_CARD_FRONT",
  "ID_CARD_BACK",
  "DRIVING_LICENCE_FRONT",
  "DRIVING_LICENCE_BACK",
  "SELFIE",
];
type Limit = { operationType: string; perTransaction: string; daily: string; monthly: string };
const BOUNDS = [
  ["perTransaction", "Per transaction"],
  ["daily", "24 hours"],
  ["monthly", "30 days"],
] as const;

/** A case: who, the documents shown inline (never cached), and the decision with its reason. */
export function CasePage() {
  const { caseId = "" } = useParams();
  const me = useMe();
  const queryClient = useQueryClient();
  const kase = useQuery({
    queryKey: ["kyc-case", caseId],
    queryFn: () => unwrap(api.GET("/admin/v1/kyc/cases/{caseId}", { params: { path: { caseId } } })),
  });
  const settings = useQuery({
    queryKey: ["kyc-settings"],
    queryFn: () => unwrap(api.GET("/admin/v1/kyc/settings")),
  });
  const [decision, setDecision] = useState<KycDecision>("APPROVE");
  const decide = useMutation({
    mutationFn: (body: {
      decision: KycDecision;
      reason: string;
      document?: DocumentType;
      note?: string;
      limits?: Limit[];
    }) =>
      unwrap(
        api.POST("/admin/v1/kyc/cases/{caseId}/decision", {
          params: { path: { caseId } },
          body: body as never,
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["kyc-case", caseId] });
      void queryClient.invalidateQueries({ queryKey: ["kyc-cases"] });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });

  if (kase.isPending) return <Loading />;
  if (kase.error || !kase.data) return <ErrorMessage error={kase.error} />;
  const c = kase.data;
  const reasons = (settings.data?.reasons ?? []).filter(
    (r) => r.decisions.includes(decision) && r.kinds.includes(c.kind),
  );
  const waiting = c.status === "IN_PROGRESS" || c.status === "UNDER_REVIEW";
  const decisions: KycDecision[] =
    c.kind === "IDENTITY" ? ["APPROVE", "REJECT", "RETRY"] : ["APPROVE", "REJECT"];
  const fieldError = (name: string) =>
    decide.error instanceof ApiError && decide.error.field === name ? decide.error.message : undefined;
  // Approving a limit increase sets the customer's own limits, prefilled with their current ones.
  const setsLimits = c.kind === "LIMIT_INCREASE" && decision === "APPROVE" && c.limits !== null;
  const fields = [
    "reason",
    "document",
    "note",
    ...(c.limits?.operations ?? []).flatMap((_, i) => BOUNDS.map(([b]) => `limits.${i}.${b}`)),
  ];
  const inAField = fields.some((f) => fieldError(f));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const document = form.get("document");
    const note = String(form.get("note") ?? "").trim();
    decide.mutate({
      decision,
      reason: String(form.get("reason") ?? ""),
      ...(decision === "RETRY" && document ? { document: document as DocumentType } : {}),
      ...(note ? { note } : {}),
      ...(setsLimits
        ? {
            limits: (c.limits?.operations ?? []).map((o, i) => ({
              operationType: o.operationType,
              perTransaction: String(form.get(`limits.${i}.perTransaction`) ?? "").trim(),
              daily: String(form.get(`limits.${i}.daily`) ?? "").trim(),
              monthly: String(form.get(`limits.${i}.monthly`) ?? "").trim(),
            })),
          }
        : {}),
    });
  };

  return (
    <>
      <p>
        <Link to="/kyc">← KYC review</Link>
      </p>
      <h1>
        {KYC_CASE_KIND_PHRASES[c.kind]}: {c.customerName}
      </h1>
      <Section title="Case">
        <Dl
          items={[
            ["Status", <Status key="s" value={c.status} label={wordFor(KYC_STATUS_PHRASES, c.status)} />],
            [
              "Customer",
              <Link key="c" to={`/customers/${c.customerId}`}>
                {c.customerName}
              </Link>,
            ],
            ["Submitted", when(c.submittedAt)],
            ["Decided", when(c.decidedAt)],
            ["Reasons", c.rejectReasons.map((r) => wordFor(KYC_REVIEW_REASON_PHRASES, r)).join(", ") || "—"],
            ["Message to the customer", c.rejectMessage ?? "—"],
          ]}
        />
      </Section>
      {c.kind === "IDENTITY" ? (
        <Section title="Documents">
          <ul className="documents">
            {c.documents.map((d) => {
              const src = `/admin/v1/kyc/cases/${c.id}/documents/${d.id}`;
              return (
                <li key={d.id} className={d.superseded ? "superseded" : undefined}>
                  <h3>
                    {wordFor(DOCUMENT_TYPE_PHRASES, d.docType)}
                    {d.superseded ? " (replaced)" : ""}
                  </h3>
                  {d.contentType.startsWith("image/") ? (
                    <img
                      src={src}
                      alt={`${wordFor(DOCUMENT_TYPE_PHRASES, d.docType)} uploaded ${when(d.uploadedAt)}`}
                      loading="lazy"
                    />
                  ) : (
                    <a href={src} target="_blank" rel="noreferrer">
                      Open the PDF
                    </a>
                  )}
                  <p className="muted">
                    {d.issuedCountry ? `Issued in ${d.issuedCountry}` : ""}{" "}
                    {d.issuedDate ? `on ${d.issuedDate}` : ""}
                  </p>
                </li>
              );
            })}
          </ul>
        </Section>
      ) : null}
      {waiting && can(me, "kyc.decide") ? (
        <Section title="Decision">
          <form onSubmit={submit} noValidate className="decision">
            <RadioChoices
              legend="Outcome"
              name="decision"
              choices={decisions}
              label={(d) => KYC_DECISION_PHRASES[d]}
              value={decision}
              onChange={setDecision}
              choiceClassName="radio"
            />
            <Field id="reason" label="Reason" error={fieldError("reason")}>
              <select id="reason" name="reason" key={decision} required>
                {reasons.map((r) => (
                  <option key={r.code} value={r.code}>
                    {wordFor(KYC_REVIEW_REASON_PHRASES, r.code)}
                  </option>
                ))}
              </select>
            </Field>
            {decision === "RETRY" ? (
              <Field id="document" label="Document to send again" error={fieldError("document")}>
                <select id="document" name="document" required>
                  {RETRY_DOCUMENTS.map((d) => (
                    <option key={d} value={d}>
                      {DOCUMENT_TYPE_PHRASES[d]}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
            {setsLimits && c.limits ? (
              <fieldset className="limits">
                <legend>The customer's limits from now on ({c.limits.currency})</legend>
                {c.limits.operations.map((o, i) => (
                  <fieldset key={o.operationType} className="limit-row">
                    <legend>{plainWords(o.operationType)}</legend>
                    {BOUNDS.map(([bound, text]) => {
                      const name = `limits.${i}.${bound}`;
                      const error = fieldError(name);
                      return (
                        <Field key={bound} id={name} label={text} error={error}>
                          <input
                            id={name}
                            name={name}
                            inputMode="decimal"
                            defaultValue={o[bound]}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${name}-error` : undefined}
                          />
                        </Field>
                      );
                    })}
                  </fieldset>
                ))}
              </fieldset>
            ) : null}
            <Field
              id="note"
              label="Note (for the audit trail, never shown to the customer)"
              error={fieldError("note")}
            >
              <textarea id="note" name="note" rows={3} maxLength={1000} />
            </Field>
            <ErrorMessage error={decide.error && !inAField ? decide.error : undefined} />
            <button className="button" type="submit" disabled={decide.isPending}>
              Record the decision
            </button>
          </form>
        </Section>
      ) : null}
      <DoneMessage>
        {decide.isSuccess
          ? `Decision recorded: the customer is now ${wordFor(KYC_LEVEL_PHRASES, decide.data.kycLevel)} (${wordFor(KYC_STATUS_PHRASES, decide.data.status).toLowerCase()}).`
          : null}
      </DoneMessage>
      {c.decisions.length > 0 ? (
        <Section title="Decisions received">
          <ul>
            {c.decisions.map((d) => (
              <li key={d.decidedAt}>
                {when(d.decidedAt)}: {plainWords(d.outcome)} ({plainWords(d.effect).toLowerCase()})
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}
