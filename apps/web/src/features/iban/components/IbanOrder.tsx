import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { CancelOrderModal } from "../../../components/modal/CancelOrderModal.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { TextField } from "../../../components/TextField.tsx";
import { ApiError } from "../../../lib/http/api-error.ts";
import { ROUTES } from "../../../lib/routes.ts";
import {
  type IbanItem,
  useCancelRequest,
  useCreateRequest,
  useIbanConstants,
  usePersonalInfo,
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

/** 400 naming a field: its message beside that field; anything else above the button. */
function useFieldErrors(error: Error | null) {
  const field = error instanceof ApiError ? error.field : undefined;
  const fieldError = (name: string) => (field && field.split(".")[0] === name ? error?.message : undefined);
  return { fieldError, other: field ? undefined : (error ?? undefined) };
}

function InformationStep() {
  const { t } = useTranslation();
  const constants = useIbanConstants();
  const saved = usePersonalInfo();
  const save = useSavePersonalInfo();
  const [usRelated, setUsRelated] = useState<boolean | null>(null);
  const [sources, setSources] = useState<string[] | null>(null);
  const [localError, setLocalError] = useState<string | undefined>();
  const { fieldError, other } = useFieldErrors(save.error);
  if (!constants.data || !saved.data) return <Spinner />;
  const isUs = usRelated ?? saved.data.isUsRelated ?? false;
  const chosen = sources ?? saved.data.incomeSources;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length === 0) return setLocalError(t("iban.info.chooseIncome"));
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    save.mutate({
      isUsRelated: isUs,
      ...(isUs ? { usRelatedPerson: text("usRelatedPerson") } : {}),
      incomeSources: chosen as (typeof constants.data.incomeSource)[number][],
      ...(text("additionalSources") ? { additionalSources: text("additionalSources") } : {}),
      estimatedMonthlyTurnoverRange: text(
        "turnover",
      ) as (typeof constants.data.estimatedMonthlyTurnoverRange)[number],
      taxCountry: text("taxCountry"),
      taxId: text("taxId"),
    });
  };
  return (
    <form className="k-iban__form" onSubmit={submit} noValidate>
      <label className="k-iban__check">
        <input type="checkbox" checked={isUs} onChange={(e) => setUsRelated(e.target.checked)} />
        {t("iban.info.usRelated")}
      </label>
      {isUs ? (
        <TextField
          name="usRelatedPerson"
          label={t("iban.info.usRelatedPerson")}
          defaultValue={saved.data.usRelatedPerson ?? ""}
          error={fieldError("usRelatedPerson")}
        />
      ) : null}
      <fieldset className="k-iban__sources">
        <legend>{t("iban.info.incomeSources")}</legend>
        {constants.data.incomeSource.map((s) => (
          <label key={s} className="k-iban__check">
            <input
              type="checkbox"
              checked={chosen.includes(s)}
              onChange={(e) => {
                setLocalError(undefined);
                setSources(e.target.checked ? [...chosen, s] : chosen.filter((x) => x !== s));
              }}
            />
            {t(`iban.income.${s}`)}
          </label>
        ))}
        {localError || fieldError("incomeSources") ? (
          <p className="k-field__error" role="alert">
            {localError ?? fieldError("incomeSources")}
          </p>
        ) : null}
      </fieldset>
      <TextField
        name="additionalSources"
        label={t("iban.info.additionalSources")}
        defaultValue={saved.data.additionalSources ?? ""}
        error={fieldError("additionalSources")}
      />
      <SelectField
        name="turnover"
        label={t("iban.info.turnover")}
        defaultValue={
          saved.data.estimatedMonthlyTurnoverRange ?? constants.data.estimatedMonthlyTurnoverRange[0]
        }
      >
        {constants.data.estimatedMonthlyTurnoverRange.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="taxCountry"
        label={t("iban.info.taxCountry")}
        defaultValue={saved.data.taxCountry ?? "DE"}
        error={fieldError("taxCountry")}
      >
        {constants.data.euCountries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        name="taxId"
        label={t("iban.info.taxId")}
        defaultValue={saved.data.taxId ?? ""}
        autoComplete="off"
        error={fieldError("taxId")}
      />
      <FormError error={other} />
      <Button type="submit" disabled={save.isPending}>
        {t("iban.info.save")}
      </Button>
    </form>
  );
}

function AddressStep() {
  const { t } = useTranslation();
  const constants = useIbanConstants();
  const saved = usePersonalInfo();
  const save = useSaveAddress();
  const { fieldError, other } = useFieldErrors(save.error);
  if (!constants.data || !saved.data) return <Spinner />;
  const a = saved.data.billingAddress;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    save.mutate({
      country: text("country"),
      city: text("city"),
      address1: text("address1"),
      ...(text("address2") ? { address2: text("address2") } : {}),
      zipCode: text("zipCode"),
      ...(text("state") ? { state: text("state") } : {}),
    });
  };
  return (
    <form className="k-iban__form" onSubmit={submit} noValidate>
      <SelectField name="country" label={t("iban.address.country")} defaultValue={a?.country ?? "DE"}>
        {constants.data.euCountries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        name="city"
        label={t("iban.address.city")}
        defaultValue={a?.city ?? ""}
        autoComplete="address-level2"
        error={fieldError("city")}
      />
      <TextField
        name="address1"
        label={t("iban.address.address1")}
        defaultValue={a?.address1 ?? ""}
        autoComplete="address-line1"
        error={fieldError("address1")}
      />
      <TextField
        name="address2"
        label={t("iban.address.address2")}
        defaultValue={a?.address2 ?? ""}
        autoComplete="address-line2"
        error={fieldError("address2")}
      />
      <TextField
        name="zipCode"
        label={t("iban.address.zipCode")}
        defaultValue={a?.zipCode ?? ""}
        autoComplete="postal-code"
        error={fieldError("zipCode")}
      />
      <TextField
        name="state"
        label={t("iban.address.state")}
        defaultValue={a?.state ?? ""}
        error={fieldError("state")}
      />
      <FormError error={other} />
      <Button type="submit" disabled={save.isPending}>
        {t("iban.address.save")}
      </Button>
    </form>
  );
}
