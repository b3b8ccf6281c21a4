import { useTranslation } from "react-i18next";
import { FormError } from "../../components/FormError.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { useDepositTemplates } from "./api/earn-queries.ts";
import { DepositsSection } from "./components/DepositsSection.tsx";
import { OpenDeposit } from "./components/OpenDeposit.tsx";
import { RatesTable } from "./components/RatesTable.tsx";
import "./earn.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../lib/i18n/en-earn.ts";

/** /earn: the customer's deposits, opening one (with a FIX/FLEX simulator) and the rates. */
export function EarnPage() {
  const { t } = useTranslation();
  const templates = useDepositTemplates();
  const offer = templates.data?.templates ?? [];
  return (
    <div className="k-earn">
      <div className="k-earn__header">
        <h1 className="k-page-title">{t("earn.title")}</h1>
        <p>{t("earn.intro")}</p>
      </div>
      <DepositsSection />
      {templates.isPending ? <RowsSkeleton /> : null}
      <FormError error={templates.error ?? undefined} />
      {offer.length > 0 ? <OpenDeposit templates={offer} /> : null}
      {offer.length > 0 ? <RatesTable templates={offer} /> : null}
    </div>
  );
}
