import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "../../../components/FormError.tsx";
import { ErrorModal } from "../../../components/modal/ErrorModal.tsx";
import { readAmount } from "../../../lib/format/money.ts";
import { ApiError } from "../../../lib/http/api-error.ts";
import { isOfferGone } from "../../../lib/http/offer-gone.ts";
import { fieldMessage } from "../../../lib/session/api-result.ts";
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
  const pay = offer && from ? readAmount(offer.sourceCurrencyAmount.amount, from) : undefined;
  const balance = available !== undefined && from ? readAmount(available, from) : undefined;
  const notEnough = pay !== undefined && balance !== undefined && pay > balance;

  const field = amountFieldOf(quote.error);
  const errors = {
    from:
      field === "from" && quote.error instanceof ApiError
        ? fieldMessage(quote.error)
        : notEnough
          ? t("exchange.notEnough")
          : undefined,
    to: field === "to" && quote.error instanceof ApiError ? fieldMessage(quote.error) : undefined,
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
