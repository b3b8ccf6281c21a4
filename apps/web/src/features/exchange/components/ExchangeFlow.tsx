import { ApiError, fieldMessage } from "@kestrel/api-client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "../../../components/FormError.tsx";
import { ErrorModal } from "../../../components/modal/ErrorModal.tsx";
import { maxAmountDigits, readAmount } from "../../../lib/format/money.ts";
import { isOfferGone } from "../../../lib/http/offer-gone.ts";
import type { Wallet } from "../../../lib/wallets/wallet-queries.ts";
import type { ExchangeExecution, ExchangePair } from "../api/exchange-calls.ts";
import { useExecuteOffer } from "../api/exchange-queries.ts";
import { useExchangeOffer } from "../api/use-exchange-offer.ts";
import { toWireAmount } from "../exchange-money.ts";
import { fromChoices, pairOf, toChoices } from "../exchange-pairs.ts";
import { ExchangeConfirm } from "./ExchangeConfirm.tsx";
import { ExchangeForm, type Side } from "./ExchangeForm.tsx";
import { ExchangeReceipt } from "./ExchangeReceipt.tsx";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-exchange.ts";

const AMOUNT_FIELDS = { amountFrom: "from", amountTo: "to" } as const;

const amountFieldOf = (error: Error | undefined): Side | undefined =>
  error instanceof ApiError && error.field
    ? AMOUNT_FIELDS[error.field as keyof typeof AMOUNT_FIELDS]
    : undefined;

/** The exchange: choose, type, watch the offer, confirm, receipt. */
export function ExchangeFlow({
  wallets,
  pairs,
}: {
  wallets: readonly Wallet[];
  pairs: readonly ExchangePair[];
}) {
  const { t } = useTranslation();
  const froms = fromChoices(wallets, pairs);
  const [fromPicked, setFrom] = useState<string | undefined>();
  // By default the first wallet with money in it pays.
  const from =
    froms.find((c) => c.currency === fromPicked)?.currency ??
    (froms.find((c) => (readAmount(c.available ?? "0", c.currency) ?? 0n) > 0n) ?? froms[0])?.currency;
  const tos = toChoices(pairs, from);
  const [toPicked, setTo] = useState<string | undefined>();
  const to =
    tos.find((c) => c.currency === toPicked && !c.locked)?.currency ?? tos.find((c) => !c.locked)?.currency;
  const pair = pairOf(pairs, from, to);

  const [side, setSide] = useState<Side>("from");
  const [typed, setTyped] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [receipt, setReceipt] = useState<ExchangeExecution | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [notice, setNotice] = useState<Error | undefined>();
  const execute = useExecuteOffer();

  const typedCurrency = side === "from" ? from : to;
  const wire = typedCurrency ? toWireAmount(typed, typedCurrency) : undefined;
  const input = from && to && pair && !pair.lock && wire ? { from, to, side, amount: wire } : undefined;
  const quote = useExchangeOffer(input, { paused: execute.isPending || receipt !== undefined });
  const { offer } = quote;

  const available = froms.find((c) => c.currency === from)?.available;
  const balance = available !== undefined && from ? readAmount(available, from) : undefined;
  const pay = offer && from ? readAmount(offer.sourceCurrencyAmount.amount, from) : undefined;
  const typedPay = side === "from" && wire && from ? readAmount(wire, from) : undefined;
  const maxFrom = pair && from ? readAmount(pair.maxAmountFrom, from) : undefined;
  // The balance speaks first: an amount it cannot pay is "not enough money", whatever else the
  // pair says. A pair's maximum the balance does not reach (AMOUNT_TOO_LARGE) cannot be the reason.
  const tooLarge = quote.error instanceof ApiError && quote.error.code === "AMOUNT_TOO_LARGE";
  const notEnough =
    balance !== undefined &&
    ((pay !== undefined && pay > balance) ||
      (typedPay !== undefined && typedPay > balance) ||
      (tooLarge && maxFrom !== undefined && balance < maxFrom));

  const field = amountFieldOf(quote.error);
  const fieldError = (s: Side) =>
    field === s && quote.error instanceof ApiError ? fieldMessage(quote.error) : undefined;
  const errors = {
    from: notEnough ? t("exchange.notEnough") : fieldError("from"),
    to: notEnough && field === "to" ? undefined : fieldError("to"),
  };

  // Swap: the pair turns around and the typed amount stays with its currency (100 USDT paid
  // becomes 100 USDT received), so the customer's figure keeps its meaning.
  const reverse = pairOf(pairs, to, from);
  const canSwap = from && to && reverse && !reverse.lock && froms.some((c) => c.currency === to);
  const swap = () => {
    if (!from || !to) return;
    setFrom(to);
    setTo(from);
    setSide(side === "from" ? "to" : "from");
  };
  // Max: the whole balance pays, fees included (they are taken from what is paid, docs/quotes.md),
  // within the pair's maximum, rounded down to the shown decimals so the quote never asks more.
  const all = pair && from ? readAmount(pair.allAmountFrom, from) : undefined;
  const most = balance !== undefined && all !== undefined && all < balance ? all : balance;
  const fillMax = () => {
    if (!from || most === undefined) return;
    setSide("from");
    setTyped(maxAmountDigits(most, from));
  };

  const startOver = () => {
    setReceipt(undefined);
    setConfirming(false);
    setTyped("");
    setSide("from");
  };
  const confirm = () => {
    if (!offer) return;
    setNotice(undefined);
    execute.mutate(offer.offerId, {
      onSuccess: (result) => {
        quote.forget();
        setReceipt(result);
      },
      onError: (error) => {
        if (isOfferGone(error)) {
          setNotice(error);
          quote.renew();
          return;
        }
        setFailure(error.message);
      },
    });
  };

  return (
    <>
      {confirming && offer ? (
        <>
          <FormError error={notice} />
          <ExchangeConfirm
            side={side}
            offer={offer}
            remaining={quote.remaining}
            renewing={quote.loading}
            executing={execute.isPending}
            onConfirm={confirm}
            onEdit={() => setConfirming(false)}
          />
        </>
      ) : (
        <ExchangeForm
          fromChoices={froms}
          toChoices={tos}
          from={from}
          to={to}
          pair={pair}
          side={side}
          typed={typed}
          offer={offer}
          quoting={quote.loading}
          remaining={quote.remaining}
          errors={errors}
          formError={field ? undefined : quote.error}
          canContinue={offer !== undefined && !quote.loading && !notEnough && !quote.lapsed}
          onFrom={(currency) => {
            setFrom(currency);
            setTyped("");
          }}
          onTo={setTo}
          onAmount={(s, value) => {
            setSide(s);
            setTyped(value);
          }}
          onSwap={canSwap ? swap : undefined}
          onMax={most !== undefined && most > 0n && pair && !pair.lock ? fillMax : undefined}
          onContinue={() => {
            setNotice(undefined);
            setConfirming(true);
          }}
        />
      )}
      {receipt ? <ExchangeReceipt receipt={receipt} onClose={startOver} /> : null}
      <ErrorModal
        open={failure !== undefined}
        onOpenChange={(open) => {
          if (!open) setFailure(undefined);
        }}
        message={failure}
      />
    </>
  );
}
