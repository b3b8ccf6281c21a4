import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { SelectField } from "../../../../components/SelectField.tsx";
import { TextField } from "../../../../components/TextField.tsx";
import { type CardProgram, type PersonalInfoBody, useCardConstants } from "../../api/cards-queries.ts";
import { TAX_COUNTRIES, taxCountryOptions } from "../../tax-countries.ts";

export type InformationValues = { tax: { taxCountry: string; taxId: string }; info: PersonalInfoBody };

/** Step 3: US relation, income sources, monthly turnover, tax country and tax id. */
export function InformationStep({
  program,
  pending,
  error,
  onSubmit,
}: {
  program: CardProgram;
  pending: boolean;
  error: Error | undefined;
  onSubmit: (v: InformationValues) => void;
}) {
  const { t } = useTranslation();
  const constants = useCardConstants(program);
  const [usRelated, setUsRelated] = useState<boolean>(false);
  const [usPerson, setUsPerson] = useState("");
  const [sources, setSources] = useState<string[]>([]);
  const [other, setOther] = useState("");
  const [turnover, setTurnover] = useState("");
  const [country, setCountry] = useState("");
  const [taxId, setTaxId] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const ranges = constants.data?.estimatedMonthlyTurnoverRange ?? [];
  const complete = sources.length > 0 && turnover && country && taxId.trim().length >= 2 && confirmed;
  return (
    <form
      className="k-card-order__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!complete) return;
        onSubmit({
          tax: { taxCountry: TAX_COUNTRIES[country] ?? country, taxId: taxId.trim() },
          info: {
            dataCorrectnessConfirmation: true,
            isUsRelated: usRelated,
            ...(usRelated && usPerson.trim() ? { usRelatedPerson: usPerson.trim() } : {}),
            incomeSources: sources as PersonalInfoBody["incomeSources"],
            ...(other.trim() ? { additionalSources: other.trim() } : {}),
            estimatedMonthlyTurnoverRange: turnover as PersonalInfoBody["estimatedMonthlyTurnoverRange"],
          },
        });
      }}
    >
      <fieldset className="k-card-order__choices">
        <legend>{t("cardOrder.info.usRelated")}</legend>
        <label className="k-card-order__choice">
          <input type="radio" name="us" checked={!usRelated} onChange={() => setUsRelated(false)} />
          {t("cardOrder.info.no")}
        </label>
        <label className="k-card-order__choice">
          <input type="radio" name="us" checked={usRelated} onChange={() => setUsRelated(true)} />
          {t("cardOrder.info.yes")}
        </label>
      </fieldset>
      {usRelated ? (
        <TextField
          label={t("cardOrder.info.usRelatedPerson")}
          value={usPerson}
          onChange={(e) => setUsPerson(e.target.value)}
        />
      ) : null}
      <fieldset className="k-card-order__choices">
        <legend>{t("cardOrder.info.incomeSources")}</legend>
        {(constants.data?.incomeSource ?? []).map((s) => (
          <label key={s} className="k-card-order__choice">
            <input
              type="checkbox"
              checked={sources.includes(s)}
              onChange={(e) =>
                setSources(e.target.checked ? [...sources, s] : sources.filter((x) => x !== s))
              }
            />
            {t(`cardOrder.incomeSource.${s as "salary"}`, s)}
          </label>
        ))}
      </fieldset>
      <TextField
        label={t("cardOrder.info.additionalSources")}
        value={other}
        maxLength={200}
        onChange={(e) => setOther(e.target.value)}
      />
      <SelectField
        label={t("cardOrder.info.turnover")}
        value={turnover}
        onChange={(e) => setTurnover(e.target.value)}
      >
        <option value="" disabled>
          {"—"}
        </option>
        {ranges.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("cardOrder.info.taxCountry")}
        value={country}
        onChange={(e) => setCountry(e.target.value)}
      >
        <option value="" disabled>
          {"—"}
        </option>
        {taxCountryOptions().map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("cardOrder.info.taxId")}
        value={taxId}
        maxLength={32}
        onChange={(e) => setTaxId(e.target.value)}
      />
      <label className="k-card-order__check">
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
        {t("cardOrder.info.confirm")}
      </label>
      <FormError error={error} />
      <Button type="submit" fullWidth disabled={pending || !complete}>
        {t("cardOrder.continue")}
      </Button>
    </form>
  );
}
