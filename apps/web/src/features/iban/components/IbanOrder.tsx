import { ApiError } from "@kestrel/api-client";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type AddressValue,
  addressFrom,
  fieldErrorsOf,
  type QuestionnaireValue,
  questionnaireFrom,
} from "../../../components/answers/answer-values.ts";
import { BillingAddressFields } from "../../../components/answers/BillingAddressFields.tsx";
import { QuestionnaireFields } from "../../../components/answers/QuestionnaireFields.tsx";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { CancelOrderModal } from "../../../components/modal/CancelOrderModal.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { RowsSkeleton } from "../../../components/skeleton/RowsSkeleton.tsx";
import { type StoredAnswers, useStoredAnswers } from "../../../lib/customer/answers-queries.ts";
import { ROUTES } from "../../../lib/routes.ts";
import {
  type IbanConstants,
  type IbanItem,
  useCancelRequest,
  useCreateRequest,
  useIbanConstants,
  useSaveAddress,
  useSavePersonalInfo,
} from "../api/iban-calls.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-iban.ts";

type Step = "about" | "verification" | "information" | "address";
const STEPS: Step[] = ["about", "verification", "information", "address"];

/** The first open step of the order (spec §2 order: About, Identity verification, ...). */
function firstOpen(item: IbanItem | undefined, kycPassed: boolean): Step | "issuing" {
  if (!item) return "about";
  const open = item.additionalStatuses;
  if (open.includes("KYC") && !kycPassed) return "verification";
  if (open.includes("ADDITIONAL_PERSONAL_INFO") || open.includes("TAXID")) return "information";
  if (open.includes("ADDRESS")) return "address";
  return open.includes("KYC") ? "verification" : "issuing";
}

/** The IBAN order: the four steps, resumed at the first one still open. */
export function IbanOrder({ item }: { item: IbanItem | undefined }) {
  const { t } = useTranslation();
  // A customer whose identity is under review may fill in the other steps meanwhile.
  const [pastKyc, setPastKyc] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelRequest();
  const step = firstOpen(item, pastKyc);
  const index = step === "issuing" ? STEPS.length - 1 : STEPS.indexOf(step);
  return (
    <section className="k-surface k-iban__order">
      <ol className="k-iban__steps" aria-label={t("iban.steps.label")}>
        {STEPS.map((s, i) => (
          <li key={s} aria-current={i === index ? "step" : undefined} data-done={i < index || undefined}>
            {t(`iban.steps.${s}`)}
          </li>
        ))}
      </ol>
      <h2 className="k-iban__heading">
        {t("iban.steps.current", {
          n: index + 1,
          total: STEPS.length,
          name: t(`iban.steps.${STEPS[index] ?? "about"}`),
        })}
      </h2>
      {step === "about" ? <AboutStep /> : null}
      {step === "verification" && item ? (
        <VerificationStep item={item} onNext={() => setPastKyc(true)} />
      ) : null}
      {step === "information" ? <InformationStep /> : null}
      {step === "address" ? <AddressStep /> : null}
      {step === "issuing" ? (
        <p className="k-iban__waiting" role="status">
          <Spinner /> {t("iban.issuing")}
        </p>
      ) : null}
      {item && step !== "issuing" ? (
        <Button variant="ghost" onClick={() => setCancelling(true)}>
          {t("iban.about.cancel")}
        </Button>
      ) : null}
      <CancelOrderModal
        open={cancelling}
        onOpenChange={setCancelling}
        pending={cancel.isPending}
        onConfirmCancel={() => {
          if (item) cancel.mutate(item.ibanRequestId, { onSettled: () => setCancelling(false) });
        }}
      />
      <FormError error={cancel.error ?? undefined} />
    </section>
  );
}

function AboutStep() {
  const { t } = useTranslation();
  const create = useCreateRequest();
  return (
    <div className="k-iban__form">
      <p>{t("iban.about.text")}</p>
      <p className="k-iban__muted">{t("iban.about.points")}</p>
      <FormError error={create.error ?? undefined} />
      <Button onClick={() => create.mutate()} disabled={create.isPending}>
        {t("iban.about.start")}
      </Button>
    </div>
  );
}

function VerificationStep({ item, onNext }: { item: IbanItem; onNext: () => void }) {
  const { t } = useTranslation();
  if (item.displayStatus === "KYC_REJECTED") return <p role="alert">{t("iban.verification.rejected")}</p>;
  const reviewing = item.displayStatus === "VERIFICATION";
  return (
    <div className="k-iban__form">
      <p>{reviewing ? t("iban.verification.reviewing") : t("iban.verification.text")}</p>
      {reviewing ? null : (
        <Link className="k-button k-button--primary" to={ROUTES.verification}>
          {t("iban.verification.verify")}
        </Link>
      )}
      <Button variant="secondary" onClick={onNext}>
        {t("iban.verification.next")}
      </Button>
    </div>
  );
}

/** 400 naming a field: its message beside that field (by the shared form's names); else above the button. */
function useFieldErrors<T>(error: Error | null, names: Record<string, keyof T>) {
  const field = error instanceof ApiError ? error.field : undefined;
  return { errors: fieldErrorsOf<T>(error, names), other: field ? undefined : (error ?? undefined) };
}

const INFO_FIELDS: Record<string, keyof QuestionnaireValue> = {
  usRelatedPerson: "usRelatedPerson",
  incomeSources: "incomeSources",
  additionalSources: "additionalSources",
  estimatedMonthlyTurnoverRange: "estimatedMonthlyTurnoverRange",
  taxCountry: "taxCountry",
  taxId: "taxId",
};
// The IBAN call's names (spec §89) for the shared address fields.
const ADDRESS_FIELDS: Record<string, keyof AddressValue> = {
  country: "country",
  city: "city",
  address1: "address",
  address2: "address2",
  zipCode: "postalCode",
  state: "state",
};

/** The questionnaire, the app's one, prefilled from the stored answer. */
function InformationStep() {
  const constants = useIbanConstants();
  const stored = useStoredAnswers();
  if (!constants.data || stored.isPending) return <RowsSkeleton rows={4} />;
  return <InformationForm constants={constants.data} stored={stored.data} />;
}

function InformationForm({
  constants,
  stored,
}: {
  constants: IbanConstants;
  stored: StoredAnswers | undefined;
}) {
  const { t } = useTranslation();
  const save = useSavePersonalInfo();
  const eu = constants.euCountries.map((c) => c.code);
  const [value, setValue] = useState<QuestionnaireValue>(() => {
    const v = questionnaireFrom(stored);
    return eu.includes(v.taxCountry) ? v : { ...v, taxCountry: "" };
  });
  const [localError, setLocalError] = useState<string | undefined>();
  const { errors, other } = useFieldErrors<QuestionnaireValue>(save.error, INFO_FIELDS);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.incomeSources.length === 0) return setLocalError(t("answers.questionnaire.chooseIncome"));
    save.mutate({
      isUsRelated: value.isUsRelated,
      ...(value.isUsRelated ? { usRelatedPerson: value.usRelatedPerson.trim() } : {}),
      incomeSources: value.incomeSources as IbanConstants["incomeSource"],
      ...(value.additionalSources.trim() ? { additionalSources: value.additionalSources.trim() } : {}),
      estimatedMonthlyTurnoverRange:
        value.estimatedMonthlyTurnoverRange as IbanConstants["estimatedMonthlyTurnoverRange"][number],
      taxCountry: value.taxCountry,
      taxId: value.taxId.trim(),
    });
  };
  return (
    <form className="k-iban__form" onSubmit={submit} noValidate>
      {stored?.questionnaire ? <p className="k-iban__muted">{t("answers.prefilled")}</p> : null}
      <QuestionnaireFields
        value={value}
        onChange={(v) => {
          setLocalError(undefined);
          setValue(v);
        }}
        incomeSources={constants.incomeSource}
        turnoverRanges={constants.estimatedMonthlyTurnoverRange}
        taxCountries={eu}
        errors={{ ...errors, ...(localError ? { incomeSources: localError } : {}) }}
      />
      <FormError error={other} />
      <Button type="submit" disabled={save.isPending}>
        {t("iban.info.save")}
      </Button>
    </form>
  );
}

/** The billing address, the app's one, prefilled from the stored answer. */
function AddressStep() {
  const constants = useIbanConstants();
  const stored = useStoredAnswers();
  if (!constants.data || stored.isPending) return <RowsSkeleton rows={4} />;
  return <AddressForm constants={constants.data} stored={stored.data} />;
}

function AddressForm({ constants, stored }: { constants: IbanConstants; stored: StoredAnswers | undefined }) {
  const { t } = useTranslation();
  const save = useSaveAddress();
  const eu = constants.euCountries.map((c) => c.code);
  const [value, setValue] = useState<AddressValue>(() => {
    const a = addressFrom(stored);
    // IBAN accounts are for EU residents: another stored country is asked again.
    return eu.includes(a.country) ? a : { ...a, country: "" };
  });
  const { errors, other } = useFieldErrors<AddressValue>(save.error, ADDRESS_FIELDS);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = (s: string) => s.trim();
    save.mutate({
      country: value.country,
      city: text(value.city),
      address1: text(value.address),
      ...(text(value.address2) ? { address2: text(value.address2) } : {}),
      zipCode: text(value.postalCode),
      ...(text(value.state) ? { state: text(value.state) } : {}),
    });
  };
  return (
    <form className="k-iban__form" onSubmit={submit} noValidate>
      {stored?.billingAddress ? <p className="k-iban__muted">{t("answers.prefilled")}</p> : null}
      <BillingAddressFields value={value} onChange={setValue} countries={eu} errors={errors} />
      <FormError error={other} />
      <Button type="submit" disabled={save.isPending}>
        {t("iban.address.save")}
      </Button>
    </form>
  );
}
