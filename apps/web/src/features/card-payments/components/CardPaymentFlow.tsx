import { formatPercent } from "@kestrel/money";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { ErrorModal } from "../../../components/modal/ErrorModal.tsx";
import { PendingModal } from "../../../components/modal/PendingModal.tsx";
import { SuccessModal } from "../../../components/modal/SuccessModal.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { RowsSkeleton } from "../../../components/skeleton/RowsSkeleton.tsx";
import { TextField } from "../../../components/TextField.tsx";
import { maskCardNumber } from "../../../lib/format/card-mask.ts";
import { formatMoney } from "../../../lib/format/money.ts";
import { formatTimer } from "../../../lib/format/timer.ts";
import { HISTORY_QUERY_KEY } from "../../../lib/history/history-queries.ts";
import { useOfferClock } from "../../../lib/hooks/use-offer-clock.ts";
import { isOfferGone } from "../../../lib/http/offer-gone.ts";
import { useApi } from "../../../lib/session/session-context.tsx";
import { useWallets, WALLETS_QUERY_KEY } from "../../../lib/wallets/wallet-queries.ts";
import {
  addCard,
  type CardMode,
  type CardOffer,
  createCardOffer,
  fetchCardData,
  type NewCard,
  type PaymentState,
  payInByCard,
  payInStatus,
  payOut,
  updateCardOffer,
} from "../api/card-calls.ts";
import { browserInfo } from "../browser-info.ts";
import { AddCardForm } from "./AddCardForm.tsx";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-card-payments.ts";

const POLL_MS = 1500;

/**
 * Card pay-in and payout, one flow (spec §2 /top-up/card and /withdraw/card, reference §5.5 and
 * §5.6): a saved card or a new one, the amount priced as an offer with its fees and countdown,
 * the CVV (pay-in), the bank's 3-D Secure page when it asks, then pending, success or error.
 */
export function CardPaymentFlow({ mode }: { mode: CardMode }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const data = useQuery({ queryKey: ["card-payments", mode], queryFn: () => fetchCardData(api, mode) });
  const wallets = useWallets();
  const [adding, setAdding] = useState(false);
  const [cardId, setCardId] = useState("");
  const [fiat, setFiat] = useState("EUR");
  const [crypto, setCrypto] = useState("USDT");
  const [amount, setAmount] = useState("");
  const [cvv, setCvv] = useState("");
  const [offer, setOffer] = useState<CardOffer | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | undefined>();
  const [result, setResult] = useState<PaymentState | undefined>();
  const [watching, setWatching] = useState<string | undefined>(params.get("offerId") ?? undefined);
  const clock = useOfferClock();

  const cards = data.data?.cards ?? [];
  const chosen = cards.find((c) => c.cardId === cardId) ?? cards[0];
  const from = mode === "payin" ? fiat : crypto;
  const to = mode === "payin" ? crypto : fiat;
  const pairs = data.data?.pairs ?? [];
  const pair = pairs.find((p) => p.currencyFrom === from && p.currencyTo === to);
  const fiats = [...new Set(pairs.map((p) => (mode === "payin" ? p.currencyFrom : p.currencyTo)))];
  const cryptos = [...new Set(pairs.map((p) => (mode === "payin" ? p.currencyTo : p.currencyFrom)))];

  const settle = useCallback(
    (state: PaymentState) => {
      setResult(state);
      if (state.status === "SUCCESS" || state.status === "FAILURE") {
        setWatching(undefined);
        void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
      }
    },
    [queryClient],
  );

  // Back from the bank's page (?offerId=), or paid without a challenge: ask until it is final.
  useEffect(() => {
    if (!watching) return;
    let stopped = false;
    const poll = async () => {
      try {
        const state = mode === "payin" ? await payInStatus(api, watching) : await payOut(api, watching);
        if (!stopped) settle(state);
        if (!stopped && (state.status === "PENDING" || state.status === "CHALLENGE"))
          window.setTimeout(poll, POLL_MS);
      } catch (err) {
        if (!stopped) window.setTimeout(poll, POLL_MS * 2);
        void err;
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [watching, mode, api, settle]);

  const saveCard = async (card: NewCard) => {
    setBusy(true);
    setError(undefined);
    try {
      const saved = await addCard(api, mode, card);
      await data.refetch();
      setCardId(saved.cardId);
      setAdding(false);
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };

  /** Prices what the form says; `notice` is shown with the new price (why it is asked again). */
  const quote = async (e?: FormEvent, notice?: Error) => {
    e?.preventDefault();
    if (!chosen) return;
    setBusy(true);
    setError(notice);
    try {
      const body = { fromCurrency: from, toCurrency: to, amount: amount.trim() };
      const next =
        offer && offer.cardId === chosen.cardId
          ? await updateCardOffer(api, mode, offer.offerId, body).catch(() =>
              createCardOffer(api, mode, { ...body, cardId: chosen.cardId }),
            )
          : await createCardOffer(api, mode, { ...body, cardId: chosen.cardId });
      setOffer(next);
      clock.start(next.validSeconds);
    } catch (err) {
      setError(err as Error);
      setOffer(undefined);
    } finally {
      setBusy(false);
    }
  };

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (!offer) return;
    setBusy(true);
    setError(undefined);
    try {
      if (mode === "payin") {
        const state = await payInByCard(api, offer.offerId, {
          cardCVV: cvv,
          fingerprint: browserInfo(),
          successUrl: window.location.pathname,
        });
        if (state.status === "CHALLENGE" && state.authLink) {
          // The bank's 3-D Secure page; it sends the browser back here with ?offerId=.
          window.location.assign(state.authLink);
          return;
        }
        settle(state);
        if (state.status === "PENDING") setWatching(offer.offerId);
      } else {
        const state = await payOut(api, offer.offerId);
        settle(state);
        if (state.status === "PENDING") setWatching(offer.offerId);
      }
      setOffer(undefined);
      setCvv("");
    } catch (err) {
      // Lapsed, gone or re-priced meanwhile (another tab): nothing moved. The new price is shown
      // and the customer pays again, never at a price they did not see.
      if (isOfferGone(err)) {
        setOffer(undefined);
        await quote(undefined, new Error(t("cardPay.priceChanged")));
        return;
      }
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };

  const closeResult = () => {
    setResult(undefined);
    setWatching(undefined);
    if (params.has("offerId")) setParams({}, { replace: true });
  };

  if (data.error) {
    return (
      <div role="alert" className="k-card-pay__empty">
        <p>{data.error.message || t("cardPay.loadError")}</p>
        <Button variant="secondary" onClick={() => void data.refetch()}>
          {t("cardPay.retry")}
        </Button>
      </div>
    );
  }
  if (!data.data) return <RowsSkeleton />;

  const expired = offer !== undefined && clock.remaining === 0;
  const available = wallets.data?.wallets.find((w) => w.currency === from)?.availableBalance;

  return (
    <div className="k-card-pay">
      {cards.length === 0 || adding ? (
        <>
          {cards.length === 0 ? <p className="k-card-pay__muted">{t("cardPay.noCards")}</p> : null}
          <AddCardForm onSave={saveCard} saving={busy} error={error} askAddress={mode === "payin"} />
          {cards.length > 0 ? (
            <Button variant="secondary" onClick={() => setAdding(false)}>
              {t("cardPay.useSaved")}
            </Button>
          ) : null}
        </>
      ) : (
        <form className="k-card-pay__form" onSubmit={offer && !expired ? pay : quote} noValidate>
          <div className="k-card-pay__row k-card-pay__row--end">
            <SelectField
              label={t("cardPay.card")}
              value={chosen?.cardId ?? ""}
              onChange={(e) => {
                setCardId(e.target.value);
                setOffer(undefined);
              }}
              name="card"
            >
              {cards.map((c) => (
                <option key={c.cardId} value={c.cardId}>
                  {`${c.cardType} ${maskCardNumber(c.maskedPan)}`}
                </option>
              ))}
            </SelectField>
            <Button variant="secondary" onClick={() => setAdding(true)}>
              {t("cardPay.addCard")}
            </Button>
          </div>
          <div className="k-card-pay__row">
            <TextField
              label={mode === "payin" ? t("cardPay.youPay") : t("cardPay.youWithdraw")}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value.replace(",", "."));
                setOffer(undefined);
              }}
              inputMode="decimal"
              name="amount"
              hint={
                pair
                  ? [
                      mode === "payout" && available
                        ? t("cardPay.available", { amount: formatMoney(available, from) })
                        : "",
                      t("cardPay.bounds", {
                        min: formatMoney(pair.defaultMinAmountFrom, from),
                        max: formatMoney(pair.defaultMaxAmountFrom, from),
                      }),
                    ]
                      .filter(Boolean)
                      .join(" · ")
                  : undefined
              }
            />
            <SelectField
              label={t("cardPay.currency")}
              value={mode === "payin" ? fiat : crypto}
              onChange={(e) => {
                (mode === "payin" ? setFiat : setCrypto)(e.target.value);
                setOffer(undefined);
              }}
              name="fromCurrency"
            >
              {(mode === "payin" ? fiats : cryptos).map((c) => (
                <option key={c}>{c}</option>
              ))}
            </SelectField>
          </div>
          <div className="k-card-pay__row">
            <SelectField
              label={t("cardPay.youReceive")}
              value={mode === "payin" ? crypto : fiat}
              onChange={(e) => {
                (mode === "payin" ? setCrypto : setFiat)(e.target.value);
                setOffer(undefined);
              }}
              name="toCurrency"
            >
              {(mode === "payin" ? cryptos : fiats).map((c) => (
                <option key={c}>{c}</option>
              ))}
            </SelectField>
          </div>
          <dl className="k-card-pay__details" aria-label={t("cardPay.fees")}>
            {(offer?.feeInfo ?? pair?.feeInfo ?? []).map((fee) => (
              <div key={fee.type}>
                <dt>{t(`cardPay.${fee.type}`)}</dt>
                <dd>{formatPercent(fee.value)}</dd>
              </div>
            ))}
            {offer ? (
              <>
                <div>
                  <dt>{t("cardPay.feeTotal")}</dt>
                  <dd>{formatMoney(offer.feeAmount.value, offer.feeAmount.currency)}</dd>
                </div>
                <div>
                  <dt>{t("cardPay.youReceive")}</dt>
                  <dd>
                    <strong data-testid="card-pay-receive">
                      {formatMoney(offer.amountTo, offer.toCurrency)}
                    </strong>
                  </dd>
                </div>
              </>
            ) : null}
          </dl>
          {mode === "payin" ? <p className="k-card-pay__note">{t("cardPay.partnerNote")}</p> : null}
          {offer ? (
            <p className="k-card-pay__timer" role="timer" aria-live="off">
              {expired ? t("cardPay.expired") : t("cardPay.validFor", { time: formatTimer(clock.remaining) })}
            </p>
          ) : null}
          {offer && !expired && mode === "payin" ? (
            <TextField
              label={t("cardPay.cvv")}
              value={cvv}
              onChange={(e) => setCvv(e.target.value.replace(/\D/g, "").slice(0, 4))}
              inputMode="numeric"
              autoComplete="cc-csc"
              type="password"
              name="cvv"
              hint={t("cardPay.cvvInvalid")}
            />
          ) : null}
          <FormError error={error} />
          {offer && !expired ? (
            <Button type="submit" fullWidth disabled={busy || (mode === "payin" && !/^\d{3,4}$/.test(cvv))}>
              {busy
                ? t("cardPay.paying")
                : t(mode === "payin" ? "cardPay.pay" : "cardPay.withdraw", {
                    amount: formatMoney(offer.amount, offer.fromCurrency),
                  })}
            </Button>
          ) : (
            <Button type="submit" fullWidth disabled={busy || !amount.trim() || !chosen}>
              {expired ? t("cardPay.refresh") : t("cardPay.getQuote")}
            </Button>
          )}
        </form>
      )}
      <PendingModal
        open={result?.status === "PENDING" || result?.status === "CHALLENGE"}
        onOpenChange={(open) => (open ? undefined : closeResult())}
        description={mode === "payin" ? t("cardPay.pendingTopUp") : t("cardPay.pendingWithdraw")}
      />
      <SuccessModal
        open={result?.status === "SUCCESS"}
        onOpenChange={(open) => (open ? undefined : closeResult())}
        title={mode === "payin" ? t("cardPay.successTopUp") : t("cardPay.successWithdraw")}
        value={result ? formatMoney(result.amount, result.currency) : undefined}
      />
      <ErrorModal
        open={result?.status === "FAILURE"}
        onOpenChange={(open) => (open ? undefined : closeResult())}
        message={result?.reason ?? undefined}
      />
    </div>
  );
}
