import { RadioChoices } from "@kestrel/ui-base/radio-choices";
import { useTranslation } from "react-i18next";
import type { enAnswers } from "../../lib/i18n/en-answers.ts";
import { CountrySelect } from "../country-select/CountrySelect.tsx";
import { SelectField } from "../SelectField.tsx";
import { TextField } from "../TextField.tsx";
import type { FieldErrors, QuestionnaireValue } from "./answer-values.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../lib/i18n/en-answers.ts";
import "./answers.css";

type Income = keyof typeof enAnswers.answers.income;
type Turnover = keyof typeof enAnswers.answers.turnover;

/**
 * The personal questionnaire, the same controls and words wherever it is asked (the card order,
 * the IBAN order: issue 47). Controlled: the flow holds the value, starts it from the stored answer
 * (answer-values.ts `questionnaireFrom`) and sends it its own way. `taxCountries` narrows the tax
 * residence to what the flow offers.
 */
export function QuestionnaireFields({
  value,
  onChange,
  incomeSources,
  turnoverRanges,
  taxCountries,
  errors = {},
}: {
  value: QuestionnaireValue;
  onChange: (v: QuestionnaireValue) => void;
  incomeSources: readonly string[];
  turnoverRanges: readonly string[];
  taxCountries: readonly string[];
  errors?: FieldErrors<QuestionnaireValue>;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof QuestionnaireValue>(k: K, v: QuestionnaireValue[K]) =>
    onChange({ ...value, [k]: v });
  return (
    <>
      <RadioChoices
        legend={t("answers.questionnaire.usRelated")}
        name="isUsRelated"
        choices={["no", "yes"] as const}
        label={(answer) => t(`answers.questionnaire.${answer}`)}
        value={value.isUsRelated ? "yes" : "no"}
        onChange={(answer) => set("isUsRelated", answer === "yes")}
        className="k-answers__choices"
        choiceClassName="k-answers__choice"
      />
      {value.isUsRelated ? (
        <TextField
          name="usRelatedPerson"
          label={t("answers.questionnaire.usRelatedPerson")}
          value={value.usRelatedPerson}
          maxLength={140}
          error={errors.usRelatedPerson}
          onChange={(e) => set("usRelatedPerson", e.target.value)}
        />
      ) : null}
      <fieldset className="k-answers__choices">
        <legend>{t("answers.questionnaire.incomeSources")}</legend>
        {incomeSources.map((s) => (
          <label key={s} className="k-answers__choice">
            <input
              type="checkbox"
              checked={value.incomeSources.includes(s)}
              onChange={(e) =>
                set(
                  "incomeSources",
                  e.target.checked ? [...value.incomeSources, s] : value.incomeSources.filter((x) => x !== s),
                )
              }
            />
            {t(`answers.income.${s as Income}`, s)}
          </label>
        ))}
        {errors.incomeSources ? (
          <p className="k-field__error" role="alert">
            {errors.incomeSources}
          </p>
        ) : null}
      </fieldset>
      <TextField
        name="additionalSources"
        label={t("answers.questionnaire.additionalSources")}
        value={value.additionalSources}
        maxLength={200}
        error={errors.additionalSources}
        onChange={(e) => set("additionalSources", e.target.value)}
      />
      <SelectField
        name="estimatedMonthlyTurnoverRange"
        label={t("answers.questionnaire.turnover")}
        value={value.estimatedMonthlyTurnoverRange}
        error={errors.estimatedMonthlyTurnoverRange}
        onChange={(e) => set("estimatedMonthlyTurnoverRange", e.target.value)}
      >
        <option value="" disabled>
          {"—"}
        </option>
        {turnoverRanges.map((r) => (
          <option key={r} value={r}>
            {t(`answers.turnover.${r as Turnover}`, r)}
          </option>
        ))}
      </SelectField>
      <CountrySelect
        name="taxCountry"
        label={t("answers.questionnaire.taxCountry")}
        value={value.taxCountry}
        codes={taxCountries}
        error={errors.taxCountry}
        onChange={(code) => set("taxCountry", code)}
      />
      <TextField
        name="taxId"
        label={t("answers.questionnaire.taxId")}
        value={value.taxId}
        maxLength={30}
        autoComplete="off"
        error={errors.taxId}
        onChange={(e) => set("taxId", e.target.value)}
      />
    </>
  );
}
