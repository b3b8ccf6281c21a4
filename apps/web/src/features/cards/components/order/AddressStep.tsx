import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { PhoneField } from "../../../../components/PhoneField.tsx";
import { SelectField } from "../../../../components/SelectField.tsx";
import { TextField } from "../../../../components/TextField.tsx";
import { cleanPhoneInput, loadPhoneNumbers, phoneDigits } from "../../../../lib/phone/phone-number.ts";
import { usePhoneCountries } from "../../../../lib/phone/use-phone-countries.ts";
import { type AddressBody, type CardProgram, useDeliveryCountries } from "../../api/cards-queries.ts";

type Fields = Record<"country" | "city" | "state" | "address" | "address2" | "postalCode", string>;
const EMPTY: Fields = { country: "", city: "", state: "", address: "", address2: "", postalCode: "" };
const trimmed = (f: Partial<Record<string, string>>) =>
  Object.fromEntries(
    Object.entries(f)
      .map(([k, v]) => [k, (v ?? "").trim()])
      .filter(([, v]) => v !== ""),
  );

function AddressFields({
  value,
  onChange,
  countries,
  prefix,
}: {
  value: Fields;
  onChange: (v: Fields) => void;
  countries: { code: string; name: string }[];
  prefix: string;
}) {
  const { t } = useTranslation();
  const set = (k: keyof Fields) => (e: { target: { value: string } }) =>
    onChange({ ...value, [k]: e.target.value });
  return (
    <>
      <SelectField
        label={t("cardOrder.address.country")}
        name={`${prefix}country`}
        value={value.country}
        onChange={set("country")}
      >
        <option value="" disabled>
          {"—"}
        </option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("cardOrder.address.city")}
        value={value.city}
        maxLength={60}
        onChange={set("city")}
        autoComplete="address-level2"
      />
      <TextField
        label={t("cardOrder.address.address")}
        value={value.address}
        maxLength={120}
        onChange={set("address")}
        autoComplete="address-line1"
      />
      <TextField
        label={t("cardOrder.address.address2")}
        value={value.address2}
        maxLength={120}
        onChange={set("address2")}
        autoComplete="address-line2"
      />
      <TextField
        label={t("cardOrder.address.postalCode")}
        value={value.postalCode}
        maxLength={16}
        onChange={set("postalCode")}
        autoComplete="postal-code"
      />
      <TextField
        label={t("cardOrder.address.state")}
        value={value.state}
        maxLength={60}
        onChange={set("state")}
        autoComplete="address-level1"
      />
    </>
  );
}

/** Step 5: the billing address; a plastic card ships there unless another address is given. */
export function AddressStep({
  program,
  plastic,
  pending,
  error,
  onSubmit,
}: {
  program: CardProgram;
  plastic: boolean;
  pending: boolean;
  error: Error | undefined;
  onSubmit: (body: AddressBody) => void;
}) {
  const { t } = useTranslation();
  const countries = useDeliveryCountries(program).data?.countries ?? [];
  const [billing, setBilling] = useState<Fields>(EMPTY);
  const [match, setMatch] = useState(true);
  const [shipping, setShipping] = useState<Fields>(EMPTY);
  const [names, setNames] = useState({ firstName: "", lastName: "", phone: "" });
  // The courier's phone: the app's one phone field, sent as digits (spec §5).
  const phoneCountries = usePhoneCountries();
  const [phoneCountry, setPhoneCountry] = useState<string | undefined>();
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const country = phoneCountry ?? phoneCountries.defaultCountry ?? "";
  const filled = (f: Fields) => f.country && f.city.trim() && f.address.trim() && f.postalCode.trim();
  const complete =
    filled(billing) &&
    (!plastic || match || (filled(shipping) && names.firstName && names.lastName && names.phone));
  return (
    <form
      className="k-card-order__form"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!complete) return;
        let phone = "";
        if (plastic && !match) {
          try {
            await loadPhoneNumbers(); // at once once loaded; a failed download is tried again
          } catch {
            return setPhoneError(t("sendForm.errors.phoneCheck"));
          }
          phone = phoneDigits(names.phone, country) ?? "";
          setPhoneError(phone ? undefined : t("auth.phone.invalid"));
          if (!phone) return;
        }
        onSubmit({
          billingAddress: trimmed(billing) as AddressBody["billingAddress"],
          shippingMatchBilling: !plastic || match,
          ...(plastic && !match
            ? {
                shippingAddress: trimmed({ ...shipping, ...names, phone }) as NonNullable<
                  AddressBody["shippingAddress"]
                >,
              }
            : {}),
        });
      }}
    >
      {plastic ? <p className="k-cards__muted">{t("cardOrder.address.deliveryNote")}</p> : null}
      <AddressFields value={billing} onChange={setBilling} countries={countries} prefix="billing-" />
      {plastic ? (
        <label className="k-card-order__check">
          <input type="checkbox" checked={match} onChange={(e) => setMatch(e.target.checked)} />
          {t("cardOrder.address.shippingMatchBilling")}
        </label>
      ) : null}
      {plastic && !match ? (
        <fieldset className="k-card-order__form">
          <legend>{t("cardOrder.address.shipping")}</legend>
          <TextField
            label={t("cardOrder.name.firstName")}
            value={names.firstName}
            onChange={(e) => setNames({ ...names, firstName: e.target.value })}
          />
          <TextField
            label={t("cardOrder.name.lastName")}
            value={names.lastName}
            onChange={(e) => setNames({ ...names, lastName: e.target.value })}
          />
          <PhoneField
            label={t("cardOrder.address.phone")}
            countries={phoneCountries.countries}
            selectedCountry={country}
            countrySelect={{ value: country, onChange: (e) => setPhoneCountry(e.target.value) }}
            phoneInput={{
              value: names.phone,
              onChange: (e) => {
                setNames({ ...names, phone: cleanPhoneInput(e.target.value) });
                setPhoneError(undefined);
              },
            }}
            error={phoneError}
          />
          <AddressFields value={shipping} onChange={setShipping} countries={countries} prefix="shipping-" />
        </fieldset>
      ) : null}
      <FormError error={error} />
      <Button type="submit" fullWidth disabled={pending || !complete}>
        {t("cardOrder.continue")}
      </Button>
    </form>
  );
}
