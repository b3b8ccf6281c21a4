import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AddressValue,
  addressComplete,
  addressFrom,
} from "../../../components/answers/answer-values.ts";
import { BillingAddressFields } from "../../../components/answers/BillingAddressFields.tsx";
import { Button } from "../../../components/Button.tsx";
import { ALL_COUNTRY_CODES } from "../../../components/country-select/countries.ts";
import { FormError } from "../../../components/FormError.tsx";
import { RowsSkeleton } from "../../../components/skeleton/RowsSkeleton.tsx";
import { TextField } from "../../../components/TextField.tsx";
import { type StoredAnswers, useStoredAnswers } from "../../../lib/customer/answers-queries.ts";
import type { NewCard } from "../api/card-calls.ts";
import { cardDigits, cardNumberState, groupCardNumber, parseExpiry } from "../card-number.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-card-payments.ts";

type Props = {
  onSave: (card: NewCard) => void;
  saving: boolean;
  error: Error | undefined;
  askAddress: boolean;
};

/**
 * A new card: the number grouped as typed and checked (Luhn) as it is typed, the expiry, the
 * holder and, for a card that pays (`askAddress`), the billing address, the app's one, prefilled
 * from the stored answer: a payout card is never asked for one (spec §2 payout flow). The number
 * leaves this form only for our server, once.
 */
export function AddCardForm(props: Props) {
  const stored = useStoredAnswers(props.askAddress);
  if (props.askAddress && stored.isPending) return <RowsSkeleton rows={4} />;
  return <CardForm {...props} stored={stored.data} />;
}

function CardForm({
  onSave,
  saving,
  error,
  askAddress,
  stored,
}: Props & { stored: StoredAnswers | undefined }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [holder, setHolder] = useState("");
  const [address, setAddress] = useState<AddressValue>(() => addressFrom(stored));
  const [touched, setTouched] = useState(false);
  const numberState = cardNumberState(number);
  const parsedExpiry = parseExpiry(expiry);
  const addressOk = addressComplete(address);
  const ready =
    numberState === "valid" && parsedExpiry && holder.trim().length >= 2 && (addressOk || !askAddress);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!ready || !parsedExpiry) return;
    onSave({
      cardNumber: cardDigits(number),
      cardHolder: holder.trim(),
      cardExpirationMonth: parsedExpiry.month,
      cardExpirationYear: parsedExpiry.year,
      ...(askAddress
        ? {
            billingAddress: {
              address: address.address.trim(),
              ...(address.address2.trim() ? { address2: address.address2.trim() } : {}),
              city: address.city.trim(),
              zip: address.postalCode.trim(),
              countryCode: address.country,
              state: address.state.trim() || null,
            },
          }
        : {}),
    });
  };

  return (
    <form className="k-card-pay__form" onSubmit={submit} noValidate>
      <TextField
        label={t("cardPay.cardNumber")}
        value={groupCardNumber(number)}
        onChange={(e) => setNumber(e.target.value)}
        inputMode="numeric"
        autoComplete="cc-number"
        name="cardNumber"
        error={
          numberState === "invalid" || (touched && numberState !== "valid")
            ? t("cardPay.cardNumberInvalid")
            : undefined
        }
      />
      <div className="k-card-pay__row">
        <TextField
          label={t("cardPay.expiry")}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value.replace(/[^\d/]/g, "").slice(0, 5))}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          name="expiry"
          error={touched && !parsedExpiry ? t("cardPay.expiryInvalid") : undefined}
        />
        <TextField
          label={t("cardPay.holder")}
          value={holder}
          onChange={(e) => setHolder(e.target.value)}
          autoComplete="cc-name"
          name="cardHolder"
        />
      </div>
      {askAddress ? (
        <fieldset className="k-card-pay__fieldset">
          <legend>{t("cardPay.billingAddress")}</legend>
          {stored?.billingAddress ? <p className="k-card-pay__muted">{t("answers.prefilled")}</p> : null}
          <BillingAddressFields value={address} onChange={setAddress} countries={ALL_COUNTRY_CODES} />
        </fieldset>
      ) : null}
      <FormError error={error} />
      <Button type="submit" disabled={saving || (touched && !ready)}>
        {t("cardPay.saveCard")}
      </Button>
    </form>
  );
}
