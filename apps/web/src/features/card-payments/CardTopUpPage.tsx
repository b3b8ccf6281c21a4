import { useTranslation } from "react-i18next";
import { CardPaymentFlow } from "./components/CardPaymentFlow.tsx";
import "./card-payments.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../lib/i18n/en-card-payments.ts";

/** /top-up/card: add funds by bank card with 3-D Secure (spec §2, reference flow §5.5). */
export function CardTopUpPage() {
  const { t } = useTranslation();
  return (
    <section className="k-surface k-card-pay-page">
      <h1 className="k-page-title">{t("cardPay.topUpTitle")}</h1>
      <CardPaymentFlow mode="payin" />
    </section>
  );
}
