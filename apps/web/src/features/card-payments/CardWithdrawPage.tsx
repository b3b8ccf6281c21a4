import { useTranslation } from "react-i18next";
import { CardPaymentFlow } from "./components/CardPaymentFlow.tsx";
import "./card-payments.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../lib/i18n/en-card-payments.ts";

/** /withdraw/card: payout to a card (spec §2, reference flow §5.6). */
export function CardWithdrawPage() {
  const { t } = useTranslation();
  return (
    <section className="k-surface k-card-pay-page">
      <h1 className="k-page-title">{t("cardPay.withdrawTitle")}</h1>
      <CardPaymentFlow mode="payout" />
    </section>
  );
}
