import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { PriceChangeNote, usePriceChange } from "../../../components/PriceChange.tsx";
import { formatMoney } from "../../../lib/format/money.ts";
import type { ExchangeOffer } from "../api/exchange-calls.ts";
import type { Side } from "./ExchangeForm.tsx";
import { OfferCountdown, OfferFigures } from "./OfferDetails.tsx";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-exchange.ts";

export interface ExchangeConfirmProps {
  /** The amount the customer typed: the other one is the quoted figure a renewal may move. */
  side: Side;
  offer: ExchangeOffer;
  remaining: number;
  renewing: boolean;
  executing: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}

/** The confirmation step: the offer as it will be executed, still counting down. */
export function ExchangeConfirm({
  side,
  offer,
  remaining,
  renewing,
  executing,
  onConfirm,
  onEdit,
}: ExchangeConfirmProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaces a form the customer scrolled down to its button: start the step at the top
  // of the page, its heading focused (where a screen reader goes on too), not scrolled halfway.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  const pay = offer.sourceCurrencyAmount;
  const typed = side === "from" ? pay : offer.targetCurrencyAmount;
  const quoted = side === "from" ? offer.targetCurrencyAmount : pay;
  const change = usePriceChange(
    `${typed.amount} ${typed.currencyCode} ${quoted.currencyCode}`,
    formatMoney(quoted.amount, quoted.currencyCode),
  );
  return (
    <section className="k-exchange__summary" aria-label={t("exchange.confirmTitle")}>
      <h2 className="k-exchange__subtitle" ref={heading} tabIndex={-1}>
        {t("exchange.confirmTitle")}
      </h2>
      <dl className="k-exchange__details">
        <dt>{t("exchange.youPay")}</dt>
        <dd>
          <strong className={change && side === "to" ? "k-price-changed" : undefined}>
            {formatMoney(pay.amount, pay.currencyCode)}
          </strong>
        </dd>
      </dl>
      <OfferFigures offer={offer} arrivesChanged={Boolean(change) && side === "from"} />
      <PriceChangeNote change={change} />
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
