import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { CountrySelect } from "../../../components/country-select/CountrySelect.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { TextField } from "../../../components/TextField.tsx";
import type { NewCard } from "../api/card-calls.ts";
import { cardDigits, cardNumberState, groupCardNumber, parseExpiry } from "../card-number.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-card-payments.ts";

/**
 * A new card: the number grouped as typed and checked (Luhn) as it is typed, the expiry, the
 * holder and, for a card that pays (`askAddress`), the billing address: a payout card is never
 * asked for one (spec §2 payout flow). The number leaves this form only for our server, once.
 */
export function AddCardForm({
  onSave,
  saving,
  error,
  askAddress,
}: {
  onSave: (card: NewCard) => void;
  saving: boolean;
  error: Error | undefined;
  askAddress: boolean;
}) {
  const { t } = useTranslation();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [holder, setHolder] = useState("");
  const [address, setAddress] = useState({ address: "", city: "", zip: "", countryCode: "" });
  const [touched, setTouched] = useState(false);
  const numberState = cardNumberState(number);
  const parsedExpiry = parseExpiry(expiry);
  const addressOk =
    address.address.trim() &&
    address.city.trim() &&
    address.zip.trim() &&
    /^[A-Z]{2}$/.test(address.countryCode);
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
      ...(askAddress ? { billingAddress: { ...address, state: null } } : {}),
    });
  };
  const set = (key: keyof typeof address) => (e: { target: { value: string } }) =>
    setAddress((a) => ({ ...a, [key]: e.target.value }));

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
          <TextField
            label={t("cardPay.address")}
            value={address.address}
            onChange={set("address")}
            autoComplete="street-address"
            name="address"
          />
          <div className="k-card-pay__row">
            <TextField
              label={t("cardPay.city")}
              value={address.city}
              onChange={set("city")}
              autoComplete="address-level2"
              name="city"
            />
            <TextField
              label={t("cardPay.zip")}
              value={address.zip}
              onChange={set("zip")}
              autoComplete="postal-code"
              name="zip"
            />
          </div>
          <CountrySelect
            label={t("cardPay.country")}
            value={address.countryCode}
            onChange={(code) => setAddress((a) => ({ ...a, countryCode: code }))}
            name="countryCode"
          />
        </fieldset>
      ) : null}
      <FormError error={error} />
      <Button type="submit" disabled={saving || (touched && !ready)}>
        {t("cardPay.saveCard")}
      </Button>
    </form>
  );
}
