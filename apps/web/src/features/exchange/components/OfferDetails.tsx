import { formatPercent } from "@kestrel/money";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/format/money.ts";
import { displayRate } from "../../../lib/format/rate.ts";
import { formatTimer } from "../../../lib/format/timer.ts";
import type { ExchangeOffer } from "../api/exchange-calls.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-exchange.ts";

/** Rate, fees (percents to 2 places, spec §9), what arrives (marked when a re-quote changed it). */
export function OfferFigures({
  offer,
  arrivesChanged = false,
}: {
  offer: ExchangeOffer;
  arrivesChanged?: boolean;
}) {
  const { t } = useTranslation();
  const from = offer.sourceCurrencyAmount.currencyCode;
  const to = offer.targetCurrencyAmount.currencyCode;
  return (
    <dl className="k-exchange__details">
      <dt>{t("exchange.rate")}</dt>
      <dd>{t("exchange.rateValue", { from, rate: displayRate(offer.exchangeRate), to })}</dd>
      {offer.feeInfo.map((fee) => (
        <FeeLine key={fee.type} label={t(`exchange.${fee.type}`)} value={formatPercent(fee.value)} />
      ))}
      <dt>{t("exchange.feeTotal")}</dt>
      <dd>{formatMoney(offer.feeAmount.amount, offer.feeAmount.currencyCode)}</dd>
      <dt>{t("exchange.arrives")}</dt>
      <dd>
        <strong className={arrivesChanged ? "k-price-changed" : undefined}>
          {formatMoney(offer.targetCurrencyAmount.amount, to)}
        </strong>
      </dd>
    </dl>
  );
}

function FeeLine({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** The offer's validity as mm:ss (spec §9); while it is renewed, says so instead. */
export function OfferCountdown({ remaining, renewing }: { remaining: number; renewing: boolean }) {
  const { t } = useTranslation();
  // role="timer" is not announced at every tick: a screen reader reads it when asked.
  return (
    <p className="k-exchange__timer" role="timer">
      {renewing && remaining === 0
        ? t("exchange.renewing")
        : t("exchange.validFor", { time: formatTimer(remaining) })}
    </p>
  );
}
