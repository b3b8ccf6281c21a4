import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { SelectField } from "../../../../components/SelectField.tsx";
import { TextField } from "../../../../components/TextField.tsx";
import { type AddressBody, type CardProgram, useDeliveryCountries } from "../../api/cards-queries.ts";
import type { CourierPhoneValue } from "./CourierPhone.tsx";

type Fields = Record<"country" | "city" | "state" | "address" | "address2" | "postalCode", string>;

// The phone number library comes with the courier's phone, only when a card ships elsewhere.
const CourierPhoneField = lazy(() => import("./CourierPhone.tsx").then((m) => ({ default: m.CourierPhone })));
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
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [courier, setCourier] = useState<CourierPhoneValue>({ typed: "", digits: undefined });
  const onCourierPhone = useCallback((value: CourierPhoneValue) => {
    setCourier(value);
    setNames((current) => ({ ...current, phone: value.typed }));
    setPhoneError(undefined);
  }, []);
  const filled = (f: Fields) => f.country && f.city.trim() && f.address.trim() && f.postalCode.trim();
  const complete =
    filled(billing) &&
    (!plastic || match || (filled(shipping) && names.firstName && names.lastName && names.phone));
  return (
    <form
      className="k-card-order__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!complete) return;
        const phone = courier.digits ?? "";
        if (plastic && !match && !phone) return setPhoneError(t("auth.phone.invalid"));
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
          <Suspense fallback={null}>
            <CourierPhoneField error={phoneError} onChange={onCourierPhone} />
          </Suspense>
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
