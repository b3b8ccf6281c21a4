import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { TermsCheckbox } from "../../../../components/modal/TermsModal.tsx";
import { PriceChangeNote, usePriceChange } from "../../../../components/PriceChange.tsx";
import { SelectField } from "../../../../components/SelectField.tsx";
import { Spinner } from "../../../../components/Spinner.tsx";
import { TextField } from "../../../../components/TextField.tsx";
import { useMerchantDocuments } from "../../../../lib/config-service/queries.ts";
import { formatMoney } from "../../../../lib/format/money.ts";
import { formatTimer } from "../../../../lib/format/timer.ts";
import { isOfferGone } from "../../../../lib/http/offer-gone.ts";
import { useWallets } from "../../../../lib/wallets/wallet-queries.ts";
import { type CardProgram, useRequestPrice } from "../../api/cards-queries.ts";
import { useCardOrderOffer } from "../../api/use-card-order-offer.ts";

const FIAT = new Set(["EUR", "USD"]);

/**
 * Step 6: the price in the chosen crypto (BTC by default), the terms (one box), and paying. The crypto
 * price shown is the offer's, with its validity counting down, and Pay executes exactly that
 * offer; a lapsed or refused one is replaced by a new price the customer sees before paying.
 */
export function CheckoutStep({
  program,
  requestId,
  pending,
  error,
  onPay,
}: {
  program: CardProgram;
  requestId: string;
  pending: boolean;
  error: Error | undefined;
  onPay: (offerId: string, onRefused: () => void) => void;
}) {
  const { t } = useTranslation();
  const wallets = useWallets().data?.wallets ?? [];
  const cryptos = wallets.map((w) => w.currency).filter((c) => !FIAT.has(c));
  const [currency, setCurrency] = useState("BTC");
  const [promoInput, setPromoInput] = useState("");
  const [promoCode, setPromoCode] = useState("");
  const [agreed, setAgreed] = useState(false);
  const price = useRequestPrice(program, requestId, currency, promoCode);
  const quote = useCardOrderOffer(program, requestId, currency, promoCode);
  const { offer } = quote;
  const terms = useMerchantDocuments().data?.find((d) => d.key === "terms");
  const document = terms ?? { title: t("cardOrder.checkout.termsFallback"), url: "" };
  const options =
    cryptos.includes("BTC") || cryptos.length === 0 ? Array.from(new Set(["BTC", ...cryptos])) : cryptos;
  const p = price.data;
  const money = (m: { value: string; currency: string }) => formatMoney(m.value, m.currency);
  const cryptoPrice = offer ? money(offer.cryptoPrice) : undefined;
  // A new offer for the same currency and euro total (promo code included) that asks another
  // crypto amount: say so. Both read off the offer, never the form, which changes first.
  const change = usePriceChange(
    offer ? `${offer.cryptoPrice.currency} ${offer.fiatPrice.value} ${offer.fiatPrice.currency}` : undefined,
    cryptoPrice,
  );
  return (
    <div className="k-card-order__form">
      <SelectField
        label={t("cardOrder.checkout.currency")}
        value={currency}
        onChange={(e) => setCurrency(e.target.value)}
      >
        {options.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <form
        className="k-card-order__bar"
        onSubmit={(e) => {
          e.preventDefault();
          setPromoCode(promoInput.trim());
        }}
      >
        <TextField
          label={t("cardOrder.checkout.promoCode")}
          value={promoInput}
          maxLength={32}
          onChange={(e) => setPromoInput(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t("cardOrder.checkout.apply")}
        </Button>
      </form>
      {price.isPending || quote.loading ? <Spinner /> : null}
      <FormError error={price.error ?? quote.error ?? undefined} />
      {p ? (
        <dl className="k-card-order__summary" aria-live="polite">
          <dt>{t("cardOrder.checkout.card")}</dt>
          <dd>{money(p.card.fiat)}</dd>
          <dt>{t("cardOrder.checkout.delivery")}</dt>
          <dd>{money(p.delivery.fiat)}</dd>
          <dt>{t("cardOrder.checkout.total")}</dt>
          <dd>{money(p.fiatPrice)}</dd>
          <dt className="k-card-order__total">{t("cardOrder.checkout.youPay")}</dt>
          <dd className={`k-card-order__total${change ? " k-price-changed" : ""}`} data-testid="crypto-price">
            {cryptoPrice ?? "…"}
          </dd>
        </dl>
      ) : null}
      <PriceChangeNote change={change} />
      {offer ? (
        <p className="k-cards__muted" role="timer" aria-live="off">
          {quote.lapsed
            ? t("cardOrder.checkout.expired")
            : t("cardOrder.checkout.validFor", { time: formatTimer(quote.remaining) })}
        </p>
      ) : null}
      {/* The terms are agreed once: this box; Pay is the one action (issue 47: not a modal too). */}
      <TermsCheckbox document={document} checked={agreed} onChange={setAgreed} />
      <FormError error={isOfferGone(error) ? new Error(t("cardOrder.checkout.priceChanged")) : error} />
      {quote.lapsed ? (
        <Button fullWidth variant="secondary" onClick={() => void quote.renew()}>
          {t("cardOrder.checkout.newPrice")}
        </Button>
      ) : (
        <Button
          fullWidth
          disabled={!agreed || !p || !offer || quote.loading || pending}
          onClick={() => offer && onPay(offer.offerId, () => void quote.renew())}
        >
          {t("cardOrder.checkout.pay")}
          {cryptoPrice ? ` ${cryptoPrice}` : ""}
        </Button>
      )}
    </div>
  );
}
