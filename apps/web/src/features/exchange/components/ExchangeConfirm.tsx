import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { formatExactMoney } from "../../../lib/format/money.ts";
import type { ExchangeOffer } from "../api/exchange-calls.ts";
import { OfferCountdown, OfferFigures } from "./OfferDetails.tsx";

export interface ExchangeConfirmProps {
  offer: ExchangeOffer;
  remaining: number;
  renewing: boolean;
  executing: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}

/** The confirmation step: the offer as it will be executed, still counting down. */
export function ExchangeConfirm({
  offer,
  remaining,
  renewing,
  executing,
  onConfirm,
  onEdit,
}: ExchangeConfirmProps) {
  const { t } = useTranslation();
  const pay = offer.sourceCurrencyAmount;
  return (
    <section className="k-exchange__summary" aria-label={t("exchange.confirmTitle")}>
      <h2 className="k-exchange__subtitle">{t("exchange.confirmTitle")}</h2>
      <dl className="k-exchange__details">
        <dt>{t("exchange.youPay")}</dt>
        <dd>
          <strong>{formatExactMoney(pay.amount, pay.currencyCode)}</strong>
        </dd>
      </dl>
      <OfferFigures offer={offer} />
      <OfferCountdown remaining={remaining} renewing={renewing} />
      <div className="k-exchange__actions">
        <Button variant="secondary" onClick={onEdit} disabled={executing}>
          {t("exchange.edit")}
        </Button>
        <Button onClick={onConfirm} disabled={executing || renewing || remaining === 0}>
          {executing ? t("exchange.exchanging") : t("exchange.confirm")}
        </Button>
      </div>
    </section>
  );
}
