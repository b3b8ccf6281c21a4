import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AmountInput } from "../../../components/AmountInput.tsx";
import { Button } from "../../../components/Button.tsx";
import { CopyButton } from "../../../components/CopyButton.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { formatDate } from "../../../lib/format/dates.ts";
import { formatMoney } from "../../../lib/format/money.ts";
import { formatTimer } from "../../../lib/format/timer.ts";
import { useOfferClock } from "../../../lib/hooks/use-offer-clock.ts";
import { isOfferGone } from "../../../lib/http/offer-gone.ts";
import { ROUTES } from "../../../lib/routes.ts";
import { toneOf } from "../../../lib/status/display-status.ts";
import { useWallets } from "../../../lib/wallets/wallet-queries.ts";
import {
  type ExchangeOffer,
  type IbanItem,
  useExchangeOffer,
  useExecuteExchange,
  useIbanHistory,
} from "../api/iban-calls.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-iban.ts";

/** An IBAN in groups of four, the way it is printed on a statement. */
export const groupIban = (iban: string) => iban.replace(/(.{4})/g, "$1 ").trim();

/**
 * The issued account: IBAN and BIC with copy buttons, balance, exchange into it, its history. With
 * `closedReason` (the customer may no longer order one) it is read-only apart from withdrawing: the
 * server refuses money in, so the exchange form is not offered.
 */
export function IbanAccount({ item, closedReason }: { item: IbanItem; closedReason?: string | undefined }) {
  const { t } = useTranslation();
  const iban = item.iban ?? "";
  const bic = item.bic ?? "";
  return (
    <div className="k-iban__account">
      {closedReason === undefined ? null : (
        <section className="k-surface" role="status">
          <h2 className="k-iban__heading">{t("iban.account.readOnly")}</h2>
          <p>{closedReason}</p>
        </section>
      )}
      <section className="k-surface k-iban__card" aria-label={t("iban.title")}>
        <div className="k-iban__card-top">
          <div>
            <p className="k-iban__label">{t("iban.account.balance")}</p>
            <p className="k-iban__balance">{formatMoney(item.balance, "EUR")}</p>
            <p className="k-iban__muted">
              {t("iban.account.available")}: {formatMoney(item.availableBalance, "EUR")}
            </p>
          </div>
          <span className={`k-iban__badge k-iban__badge--${toneOf(item.displayStatus)}`}>
            {t(`iban.status.${item.displayStatus}`)}
          </span>
        </div>
        <dl className="k-iban__numbers">
          <div>
            <dt>{t("iban.account.holder")}</dt>
            <dd>{item.holderName}</dd>
          </div>
          <div>
            <dt>{t("iban.account.iban")}</dt>
            <dd>
              <code data-testid="iban-number">{groupIban(iban)}</code>
              <CopyButton text={iban} label={t("iban.account.copyIban")} />
            </dd>
          </div>
          <div>
            <dt>{t("iban.account.bic")}</dt>
            <dd>
              <code data-testid="iban-bic">{bic}</code>
              <CopyButton text={bic} label={t("iban.account.copyBic")} />
            </dd>
          </div>
        </dl>
        <Link className="k-button k-button--primary k-button--full" to={ROUTES.ibanWithdrawBank}>
          {t("iban.account.withdraw")}
        </Link>
      </section>
      {item.id && closedReason === undefined ? <ExchangeToIban ibanId={item.id} /> : null}
      {item.id ? <IbanHistoryList ibanId={item.id} /> : null}
    </div>
  );
}

/**
 * Exchange to IBAN (EXCHANGE_IBAN): Continue prices the amount as an offer, shown with what is paid,
 * what arrives and its validity counting down; Exchange executes exactly that offer. A lapsed one
 * is priced again before anything moves; one the server refuses (lapsed, gone, re-priced) is priced
 * again and shown with a notice, so the customer confirms the price they see.
 */
function ExchangeToIban({ ibanId }: { ibanId: string }) {
  const { t } = useTranslation();
  const wallets = useWallets();
  const sources = (wallets.data?.wallets ?? []).filter(
    (w) => w.currency !== "EUR" && Number(w.availableBalance) > 0,
  );
  const [picked, setPicked] = useState<string | undefined>();
  const [amount, setAmount] = useState("");
  const [offer, setOffer] = useState<ExchangeOffer | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const [notice, setNotice] = useState<Error | undefined>();
  const quote = useExchangeOffer();
  const execute = useExecuteExchange();
  const clock = useOfferClock();
  const currency = picked ?? sources[0]?.currency ?? "";
  const lapsed = offer !== undefined && clock.remaining === 0;
  const drop = () => {
    setOffer(undefined);
    clock.stop();
  };
  const price = (why?: Error) => {
    setNotice(why);
    quote.mutate(
      { ibanId, currencyFrom: currency, amountFrom: amount },
      {
        onSuccess: (fresh) => {
          setOffer(fresh);
          clock.start(fresh.validSeconds);
        },
        onError: drop,
      },
    );
  };
  return (
    <section className="k-surface k-iban__exchange">
      <h2 className="k-iban__heading">{t("iban.exchange.title")}</h2>
      {sources.length === 0 ? (
        <p className="k-iban__muted">{t("iban.exchange.noWallets")}</p>
      ) : (
        <form
          className="k-iban__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setDone(undefined);
            if (offer && !lapsed) {
              execute.mutate(
                { ibanId, offerId: offer.offerId },
                {
                  onSuccess: (r) => {
                    setDone(formatMoney(r.targetCurrencyAmount.amount, "EUR"));
                    drop();
                    setNotice(undefined);
                    setAmount("");
                  },
                  onError: (error) => {
                    drop();
                    // Nothing moved: show the new price and let the customer confirm it.
                    if (isOfferGone(error)) price(new Error(t("iban.exchange.priceChanged")));
                  },
                },
              );
            } else if (amount) {
              price();
            }
          }}
        >
          <SelectField
            label={t("iban.exchange.from")}
            value={currency}
            onChange={(e) => {
              setPicked(e.target.value);
              drop();
            }}
          >
            {sources.map((w) => (
              <option key={w.currency} value={w.currency}>
                {w.currency} · {formatMoney(w.availableBalance, w.currency)}
              </option>
            ))}
          </SelectField>
          <AmountInput
            label={t("iban.exchange.amount")}
            value={amount}
            suffix={currency}
            onChange={(v) => {
              setAmount(v);
              drop();
            }}
          />
          {offer ? (
            <>
              <p className="k-iban__quote" role="status" data-testid="iban-exchange-quote">
                {t("iban.exchange.pay", {
                  amount: formatMoney(offer.sourceCurrencyAmount.amount, currency),
                })}{" "}
                ·{" "}
                {t("iban.exchange.quote", {
                  amount: formatMoney(offer.targetCurrencyAmount.amount, "EUR"),
                })}
              </p>
              <p className="k-iban__muted" role="timer" aria-live="off">
                {lapsed
                  ? t("iban.exchange.expired")
                  : t("iban.exchange.validFor", { time: formatTimer(clock.remaining) })}
              </p>
            </>
          ) : null}
          {done ? (
            <p className="k-iban__quote" role="status">
              {t("iban.exchange.done")}: {done}
            </p>
          ) : null}
          <FormError error={notice ?? quote.error ?? execute.error ?? undefined} />
          <Button type="submit" disabled={quote.isPending || execute.isPending || !amount}>
            {offer && !lapsed
              ? t("iban.exchange.confirm")
              : lapsed
                ? t("iban.exchange.newPrice")
                : t("sendForm.continue")}
          </Button>
        </form>
      )}
    </section>
  );
}

function IbanHistoryList({ ibanId }: { ibanId: string }) {
  const { t } = useTranslation();
  const history = useIbanHistory(ibanId);
  const items = history.data?.items ?? [];
  return (
    <section className="k-surface k-iban__history">
      <h2 className="k-iban__heading">{t("iban.account.history")}</h2>
      {items.length === 0 ? <p className="k-iban__muted">{t("iban.account.noHistory")}</p> : null}
      <ul className="k-iban__list">
        {items.map((i) => (
          <li key={i.id} className="k-iban__row">
            <div>
              <p className="k-iban__row-title">
                {t(`iban.history.${i.type}`, { name: i.counterpartyName ?? "" })}
              </p>
              <p className="k-iban__muted">
                {formatDate(i.createdAt, "long")}
                {i.reference ? ` · ${i.reference}` : ""} ·{" "}
                {i.status === "RETURNED"
                  ? t("iban.history.RETURNED", { reason: i.returnReason ?? "" })
                  : t(`iban.history.${i.status}`)}
              </p>
            </div>
            <p className={`k-iban__amount k-iban__amount--${i.direction === "IN" ? "in" : "out"}`}>
              {i.direction === "IN" ? "+" : "−"}
              {formatMoney(i.amount, i.currency)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
