import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../../components/AmountInput.tsx";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { PriceChangeNote, usePriceChange } from "../../../components/PriceChange.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { amountDigits, formatMoney } from "../../../lib/format/money.ts";
import type { ExchangeOffer, ExchangePair } from "../api/exchange-calls.ts";
import { fitsDecimals, inputDecimals } from "../exchange-money.ts";
import type { WalletChoice } from "../exchange-pairs.ts";
import { OfferCountdown, OfferFigures } from "./OfferDetails.tsx";
import { RateChart } from "./RateChart.tsx";
import { WalletChooser } from "./WalletChooser.tsx";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-exchange.ts";

export type Side = "from" | "to";

export interface ExchangeFormProps {
  fromChoices: readonly WalletChoice[];
  toChoices: readonly WalletChoice[];
  from: string | undefined;
  to: string | undefined;
  pair: ExchangePair | undefined;
  side: Side;
  typed: string;
  offer: ExchangeOffer | undefined;
  quoting: boolean;
  remaining: number;
  /** Under each amount: a refusal naming that field, or the balance check. */
  errors: { from?: string; to?: string };
  /** A refusal no field explains. */
  formError: Error | undefined;
  canContinue: boolean;
  onFrom: (currency: string) => void;
  onTo: (currency: string) => void;
  onAmount: (side: Side, value: string) => void;
  /** Swaps the pair (undefined: the reverse pair cannot be exchanged from the customer's wallets). */
  onSwap: (() => void) | undefined;
  /** Fills "You pay" with the most the balance pays (undefined: nothing to pay with). */
  onMax: (() => void) | undefined;
  onContinue: () => void;
}

/** Wallets, either amount, and the live offer: rate, fees, what arrives, its countdown. */
export function ExchangeForm(props: ExchangeFormProps) {
  const { t } = useTranslation();
  const { pair, offer, side, typed, from, to } = props;
  // The side the customer typed shows what they typed; the other side shows the offer's figure,
  // in the currency's display decimals as the lines below show it.
  const quoted = side === "from" ? offer?.targetCurrencyAmount : offer?.sourceCurrencyAmount;
  const shown = (s: Side) => {
    if (s === side) return typed;
    return quoted ? amountDigits(quoted.amount, quoted.currencyCode) : "";
  };
  // A renewed offer for the same request that moves the quoted side is a price change: say so.
  const change = usePriceChange(
    [side, typed, from, to].join("|"),
    quoted ? formatMoney(quoted.amount, quoted.currencyCode) : undefined,
  );
  const changedMark = (s: Side) => (change && s !== side ? { "data-price-changed": "" } : {});
  const edit = (s: Side) => (value: string) => {
    const scale = s === "from" ? pair?.amountScaleFrom : pair?.amountScaleTo;
    // Spec §5 per currency: no more decimals than the currency holds (EUR 2, USDT 6, at most 8).
    if (scale !== undefined && !fitsDecimals(value, inputDecimals(scale))) return;
    props.onAmount(s, value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.canContinue) props.onContinue();
  };
  const available = props.fromChoices.find((c) => c.currency === from)?.available;

  return (
    <form className="k-exchange__form" onSubmit={submit} noValidate>
      <div className="k-exchange__side">
        <WalletChooser
          label={t("exchange.from")}
          choices={props.fromChoices}
          value={from}
          onChange={props.onFrom}
        />
        <AmountInput
          label={t("exchange.youPay")}
          value={shown("from")}
          suffix={from}
          error={props.errors.from}
          onChange={edit("from")}
          {...changedMark("from")}
        />
        <p className="k-exchange__hint">
          {props.onMax ? (
            <button type="button" className="k-exchange__max" onClick={props.onMax}>
              {t("exchange.max")}
            </button>
          ) : null}
          {available !== undefined && from
            ? t("exchange.available", { amount: formatMoney(available, from) })
            : null}
          {pair && from
            ? ` · ${t("exchange.bounds", { min: formatMoney(pair.minAmountFrom, from), max: formatMoney(pair.maxAmountFrom, from) })}`
            : null}
        </p>
      </div>
      <button
        type="button"
        className="k-exchange__swap"
        onClick={props.onSwap}
        disabled={!props.onSwap}
        aria-label={t("exchange.swap")}
        title={t("exchange.swap")}
      >
        <span aria-hidden="true">⇅</span>
      </button>
      <div className="k-exchange__side">
        <WalletChooser label={t("exchange.to")} choices={props.toChoices} value={to} onChange={props.onTo} />
        <AmountInput
          label={t("exchange.youReceive")}
          value={shown("to")}
          suffix={to}
          error={props.errors.to}
          onChange={edit("to")}
          {...changedMark("to")}
        />
      </div>
      {from && to ? <RateChart from={from} to={to} /> : null}
      <FormError error={props.formError} />
      <PriceChangeNote change={change} />
      <div aria-live="polite">
        {offer ? (
          <OfferFigures offer={offer} arrivesChanged={Boolean(change) && side === "from"} />
        ) : props.quoting ? (
          <Spinner size={24} />
        ) : null}
      </div>
      {offer ? <OfferCountdown remaining={props.remaining} renewing={props.quoting} /> : null}
      <Button type="submit" fullWidth disabled={!props.canContinue}>
        {t("exchange.continue")}
      </Button>
    </form>
  );
}
