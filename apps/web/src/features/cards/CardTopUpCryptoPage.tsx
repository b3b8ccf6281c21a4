import { ApiError, fieldMessage } from "@kestrel/api-client";
import { isCurrencyCode, parseAmount, toDecimalString } from "@kestrel/money";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AmountInput } from "../../components/AmountInput.tsx";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { ErrorModal } from "../../components/modal/ErrorModal.tsx";
import { PendingModal } from "../../components/modal/PendingModal.tsx";
import { SuccessModal } from "../../components/modal/SuccessModal.tsx";
import { PriceChangeNote, usePriceChange } from "../../components/PriceChange.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { maskCardNumber } from "../../lib/format/card-mask.ts";
import { formatDate } from "../../lib/format/dates.ts";
import { amountDigits, formatMoney, readAmount } from "../../lib/format/money.ts";
import { displayRate } from "../../lib/format/rate.ts";
import { formatTimer } from "../../lib/format/timer.ts";
import { isOfferGone } from "../../lib/http/offer-gone.ts";
import { ROUTES } from "../../lib/routes.ts";
import {
  CARD_CURRENCY,
  type TopUpReceipt,
  useConfirmTopUp,
  useTopUpCurrencies,
  useTopUpData,
} from "./api/card-funding-queries.ts";
import type { CardProgram } from "./api/cards-queries.ts";
import { useTopUpOffer } from "./api/use-top-up-offer.ts";
import "./cards.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../lib/i18n/en-card-funding.ts";

/** A typed amount as a wire decimal of the currency, or undefined while incomplete. */
function wireOf(value: string, currency: string): string | undefined {
  if (!isCurrencyCode(currency) || value === "" || value.endsWith(".")) return undefined;
  const parsed = parseAmount(value, currency, { allowZero: false });
  return parsed.ok ? toDecimalString(parsed.minor, currency) : undefined;
}

/** /cards/top-up/crypto?card=<id>&cp=<program>: top a card up from a crypto wallet (reference §5.10). */
export function CardTopUpCryptoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const cardId = params.get("card") ?? undefined;
  const program: CardProgram = params.get("cp") === "CP_2" ? "CP_2" : "CP_1";
  const data = useTopUpData(cardId, program);
  const currencies = useTopUpCurrencies();
  const confirm = useConfirmTopUp(cardId, program);

  const pairs = data.data?.pairs.filter((p) => !p.lock) ?? [];
  // "Pay from" lists only wallets that can pay: a currency the top-up accepts, with money in it.
  const wallets =
    currencies.data?.currencies.filter(
      (c) =>
        pairs.some((p) => p.currencyFrom === c.currency) &&
        (readAmount(c.available.value, c.currency) ?? 0n) > 0n,
    ) ?? [];
  const [picked, setPicked] = useState<string | undefined>();
  const from = (wallets.find((w) => w.currency === picked) ?? wallets[0])?.currency;
  const pair = pairs.find((p) => p.currencyFrom === from);
  const available = wallets.find((w) => w.currency === from)?.available.value;

  const [side, setSide] = useState<"from" | "to">("from");
  const [typed, setTyped] = useState("");
  const [receipt, setReceipt] = useState<TopUpReceipt | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [notice, setNotice] = useState<Error | undefined>();
  const typedCurrency = side === "from" ? from : CARD_CURRENCY;
  const wire = typedCurrency ? wireOf(typed, typedCurrency) : undefined;
  const fundable = data.data?.card.status === "ACTIVE";
  const quote = useTopUpOffer(
    cardId && fundable ? { cardId, program } : undefined,
    from && wire ? { from, side, amount: wire } : undefined,
    confirm.isPending || receipt !== undefined,
  );
  const { offer } = quote;
  const notEnough = offer !== undefined && !offer.possibleToExecute;
  const amountError =
    quote.error instanceof ApiError && quote.error.field ? fieldMessage(quote.error) : undefined;
  // The side not typed is the quoted one: a renewal that moves it is a price change, said aloud.
  const quoted = offer ? (side === "from" ? offer.to : offer.from) : undefined;
  const change = usePriceChange(
    [side, typed, from].join("|"),
    quoted ? formatMoney(quoted.value, quoted.currency) : undefined,
  );
  const changed = (s: "from" | "to") => Boolean(change) && s !== side;

  const submit = () => {
    if (!offer) return;
    setNotice(undefined);
    confirm.mutate(offer.offerId, {
      onSuccess: (r) => {
        quote.forget();
        setReceipt(r);
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

  if (!cardId) {
    return (
      <div className="k-card-order">
        <h1 className="k-page-title">{t("cardFunding.pageTitle")}</h1>
        <p>{t("cardFunding.noCard")}</p>
        <Link className="k-button k-button--secondary" to={ROUTES.cards}>
          {t("cardFunding.backToCards")}
        </Link>
      </div>
    );
  }

  const card = data.data?.card;
  return (
    <div className="k-card-order k-top-up">
      <h1 className="k-page-title">{t("cardFunding.pageTitle")}</h1>
      <p className="k-cards__muted">{t("cardFunding.pageIntro")}</p>
      {data.isPending || currencies.isPending ? <RowsSkeleton /> : null}
      <FormError error={data.error ?? currencies.error ?? undefined} />
      {card ? (
        <div className="k-surface k-top-up__card">
          <p className="k-cards__title">
            {t("cardFunding.card")} {maskCardNumber(card.maskedPan)}
          </p>
          <p className="k-top-up__balance" data-testid="card-balance">
            {t("cardFunding.cardBalance", {
              amount: formatMoney(card.cardBalance.value, card.cardBalance.currency),
            })}
          </p>
          {fundable ? null : <p className="k-card-history__reason">{t("cardFunding.notActive")}</p>}
        </div>
      ) : null}
      {card && fundable && currencies.isSuccess && !from ? (
        <p className="k-surface k-top-up__none" data-testid="top-up-no-wallet">
          {t("cardFunding.noWalletCanPay", { currencies: pairs.map((p) => p.currencyFrom).join(", ") })}
        </p>
      ) : null}
      {card && fundable && from ? (
        <form
          className="k-surface k-top-up__form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <SelectField
            label={t("cardFunding.wallet")}
            value={from}
            onChange={(e) => {
              setPicked(e.target.value);
              setTyped("");
            }}
          >
            {wallets.map((w) => (
              <option key={w.currency} value={w.currency}>
                {t("cardFunding.walletOption", {
                  currency: w.currency,
                  available: formatMoney(w.available.value, w.currency),
                })}
              </option>
            ))}
          </SelectField>
          <AmountInput
            label={t("cardFunding.youPay", { currency: from })}
            suffix={from}
            value={side === "from" ? typed : offer ? amountDigits(offer.from.value, offer.from.currency) : ""}
            {...(changed("from") ? { "data-price-changed": "" } : {})}
            onChange={(v) => {
              setSide("from");
              setTyped(v);
            }}
            error={
              side === "from"
                ? (amountError ?? (notEnough ? t("cardFunding.notEnough") : undefined))
                : undefined
            }
          />
          {pair ? (
            <p className="k-cards__muted k-top-up__limits">
              {t("cardFunding.limits", {
                min: formatMoney(pair.fromLimits.min, from),
                max: formatMoney(pair.fromLimits.max, from),
              })}
              {available && (readAmount(available, from) ?? 0n) > 0n ? (
                <>
                  {" · "}
                  <button
                    type="button"
                    className="k-link k-top-up__all"
                    onClick={() => {
                      setSide("from");
                      setTyped(amountDigits(pair.fromLimits.all, from));
                    }}
                  >
                    {t("cardFunding.useAll")}
                  </button>
                </>
              ) : null}
            </p>
          ) : null}
          <AmountInput
            label={t("cardFunding.cardGets")}
            suffix={CARD_CURRENCY}
            value={side === "to" ? typed : offer ? amountDigits(offer.to.value, offer.to.currency) : ""}
            {...(changed("to") ? { "data-price-changed": "" } : {})}
            onChange={(v) => {
              setSide("to");
              setTyped(v);
            }}
            error={side === "to" ? amountError : undefined}
          />
          {offer ? (
            <dl className="k-top-up__quote" aria-live="polite">
              <dt>{t("cardFunding.rate")}</dt>
              <dd>
                1 {offer.from.currency} = {displayRate(offer.rate.value)} {offer.rate.currency}
              </dd>
              <dt>{t("cardFunding.fee")}</dt>
              <dd>{formatMoney(offer.feeAmount.value, offer.feeAmount.currency)}</dd>
              <dt>{t("cardFunding.youPayLine")}</dt>
              <dd data-testid="top-up-pays" className={changed("from") ? "k-price-changed" : undefined}>
                {formatMoney(offer.from.value, offer.from.currency)}
              </dd>
              <dt>{t("cardFunding.cardGetsLine")}</dt>
              <dd data-testid="top-up-receives" className={changed("to") ? "k-price-changed" : undefined}>
                {formatMoney(offer.to.value, offer.to.currency)}
              </dd>
            </dl>
          ) : null}
          <PriceChangeNote change={change} />
          <p className="k-cards__muted" role="timer">
            {quote.loading
              ? t("cardFunding.updating")
              : offer
                ? t("cardFunding.renewsIn", { time: formatTimer(quote.remaining) })
                : ""}
          </p>
          <FormError error={notice ?? (amountError ? undefined : quote.error)} />
          <Button
            type="submit"
            fullWidth
            disabled={!offer || quote.loading || notEnough || confirm.isPending}
          >
            {confirm.isPending
              ? t("cardFunding.confirming")
              : offer
                ? t("cardFunding.confirm", {
                    pay: formatMoney(offer.from.value, offer.from.currency),
                    gets: formatMoney(offer.to.value, offer.to.currency),
                  })
                : t("cardFunding.confirmNoPrice")}
          </Button>
        </form>
      ) : null}
      <PendingModal
        open={confirm.isPending}
        onOpenChange={() => undefined}
        title={t("cardFunding.pendingTitle")}
        description={t("cardFunding.pendingText")}
      />
      {receipt ? (
        <SuccessModal
          open
          onOpenChange={(open) => (open ? undefined : navigate(ROUTES.cards))}
          title={t("cardFunding.successTitle")}
          date={`${formatDate(receipt.createdAt, "long")}, ${formatDate(receipt.createdAt, "time")}`}
          value={formatMoney(receipt.amount.value, receipt.amount.currency)}
          buttonText={t("cardFunding.backToCards")}
          onDone={() => navigate(ROUTES.cards)}
          details={
            <dl className="k-top-up__quote k-top-up__receipt" aria-label={t("cardFunding.receipt")}>
              <dt>{t("cardFunding.receiptCard")}</dt>
              <dd>{maskCardNumber(receipt.cardNumber)}</dd>
              <dt>{t("cardFunding.receiptPaid")}</dt>
              <dd>{formatMoney(receipt.from.value, receipt.from.currency)}</dd>
              <dt>{t("cardFunding.receiptFee")}</dt>
              <dd>{formatMoney(receipt.feeAmount.value, receipt.feeAmount.currency)}</dd>
              <dt>{t("cardFunding.receiptReceived")}</dt>
              <dd>{formatMoney(receipt.amount.value, receipt.amount.currency)}</dd>
              <dt>{t("cardFunding.receiptOperation")}</dt>
              <dd className="k-top-up__id">{receipt.operationId}</dd>
            </dl>
          }
        />
      ) : null}
      <ErrorModal
        open={failure !== undefined}
        onOpenChange={(open) => (open ? undefined : setFailure(undefined))}
        message={failure}
      />
    </div>
  );
}
