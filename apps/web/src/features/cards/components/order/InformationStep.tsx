import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type QuestionnaireValue,
  questionnaireComplete,
  questionnaireFrom,
} from "../../../../components/answers/answer-values.ts";
import { QuestionnaireFields } from "../../../../components/answers/QuestionnaireFields.tsx";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { RowsSkeleton } from "../../../../components/skeleton/RowsSkeleton.tsx";
import { type StoredAnswers, useStoredAnswers } from "../../../../lib/customer/answers-queries.ts";
import { type CardProgram, type PersonalInfoBody, useCardConstants } from "../../api/cards-queries.ts";
import { TAX_COUNTRIES } from "../../tax-countries.ts";

export type InformationValues = { tax: { taxCountry: string; taxId: string }; info: PersonalInfoBody };

const TAX_CODES = Object.keys(TAX_COUNTRIES);

/** Step 3: the personal questionnaire (the app's one, prefilled from the stored answer). */
export function InformationStep(props: {
  program: CardProgram;
  pending: boolean;
  error: Error | undefined;
  onSubmit: (v: InformationValues) => void;
}) {
  const stored = useStoredAnswers();
  const constants = useCardConstants(props.program);
  if (stored.isPending || constants.isPending) return <RowsSkeleton rows={4} />;
  return <InformationForm {...props} stored={stored.data} constants={constants.data} />;
}

function InformationForm({
  stored,
  constants,
  pending,
  error,
  onSubmit,
}: {
  stored: StoredAnswers | undefined;
  constants: { incomeSource: string[]; estimatedMonthlyTurnoverRange: string[] } | undefined;
  pending: boolean;
  error: Error | undefined;
  onSubmit: (v: InformationValues) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<QuestionnaireValue>(() => {
    const v = questionnaireFrom(stored);
    // The card order offers a narrower list of tax countries than every flow may have stored.
    return TAX_COUNTRIES[v.taxCountry] ? v : { ...v, taxCountry: "" };
  });
  const [confirmed, setConfirmed] = useState(false);
  const complete = questionnaireComplete(value, true) && confirmed;
  const prefilled = Boolean(stored?.questionnaire);
  return (
    <form
      className="k-card-order__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!complete) return;
        const taxId = value.taxId.trim();
        onSubmit({
          tax: { taxCountry: TAX_COUNTRIES[value.taxCountry] ?? value.taxCountry, taxId },
          info: {
            dataCorrectnessConfirmation: true,
            isUsRelated: value.isUsRelated,
            ...(value.isUsRelated && value.usRelatedPerson.trim()
              ? { usRelatedPerson: value.usRelatedPerson.trim() }
              : {}),
            incomeSources: value.incomeSources as PersonalInfoBody["incomeSources"],
            ...(value.additionalSources.trim() ? { additionalSources: value.additionalSources.trim() } : {}),
            estimatedMonthlyTurnoverRange:
              value.estimatedMonthlyTurnoverRange as PersonalInfoBody["estimatedMonthlyTurnoverRange"],
            taxCountry: value.taxCountry,
            taxId,
          },
        });
      }}
    >
      {prefilled ? <p className="k-cards__muted">{t("answers.prefilled")}</p> : null}
      <QuestionnaireFields
        value={value}
        onChange={setValue}
        incomeSources={constants?.incomeSource ?? []}
        turnoverRanges={constants?.estimatedMonthlyTurnoverRange ?? []}
        taxCountries={TAX_CODES}
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
