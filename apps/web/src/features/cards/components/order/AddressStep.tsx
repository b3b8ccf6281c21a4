import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type AddressValue,
  addressComplete,
  addressFrom,
} from "../../../../components/answers/answer-values.ts";
import { BillingAddressFields } from "../../../../components/answers/BillingAddressFields.tsx";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { RowsSkeleton } from "../../../../components/skeleton/RowsSkeleton.tsx";
import { TextField } from "../../../../components/TextField.tsx";
import { type StoredAnswers, useStoredAnswers } from "../../../../lib/customer/answers-queries.ts";
import { type AddressBody, type CardProgram, useDeliveryCountries } from "../../api/cards-queries.ts";
import type { CourierPhoneValue } from "./CourierPhone.tsx";

// The phone number library comes with the courier's phone, only when a card ships elsewhere.
const CourierPhoneField = lazy(() => import("./CourierPhone.tsx").then((m) => ({ default: m.CourierPhone })));
const EMPTY: AddressValue = { country: "", city: "", state: "", address: "", address2: "", postalCode: "" };
const trimmed = (f: Partial<Record<string, string>>) =>
  Object.fromEntries(
    Object.entries(f)
      .map(([k, v]) => [k, (v ?? "").trim()])
      .filter(([, v]) => v !== ""),
  );

type Props = {
  program: CardProgram;
  plastic: boolean;
  pending: boolean;
  error: Error | undefined;
  onSubmit: (body: AddressBody) => void;
};

/**
 * Step 5: the billing address (the app's one, prefilled from the stored answer); a plastic card
 * ships there unless another address is given.
 */
export function AddressStep(props: Props) {
  const stored = useStoredAnswers();
  const countries = useDeliveryCountries(props.program);
  if (stored.isPending || countries.isPending) return <RowsSkeleton rows={4} />;
  const codes = (countries.data?.countries ?? []).map((c) => c.code);
  return <AddressForm {...props} stored={stored.data} codes={codes} />;
}

function AddressForm({
  plastic,
  pending,
  error,
  onSubmit,
  stored,
  codes,
}: Props & { stored: StoredAnswers | undefined; codes: string[] }) {
  const { t } = useTranslation();
  const [billing, setBilling] = useState<AddressValue>(() => {
    const a = addressFrom(stored);
    // A stored country the card is not delivered to is asked again.
    return codes.includes(a.country) ? a : { ...a, country: "" };
  });
  const [match, setMatch] = useState(true);
  const [shipping, setShipping] = useState<AddressValue>(EMPTY);
  const [names, setNames] = useState({ firstName: "", lastName: "", phone: "" });
  // The courier's phone: the app's one phone field, sent as digits (spec §5).
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [courier, setCourier] = useState<CourierPhoneValue>({ typed: "", digits: undefined });
  const onCourierPhone = useCallback((value: CourierPhoneValue) => {
    setCourier(value);
    setNames((current) => ({ ...current, phone: value.typed }));
    setPhoneError(undefined);
  }, []);
  const complete =
    addressComplete(billing) &&
    (!plastic || match || (addressComplete(shipping) && names.firstName && names.lastName && names.phone));
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
      {stored?.billingAddress ? <p className="k-cards__muted">{t("answers.prefilled")}</p> : null}
      <BillingAddressFields value={billing} onChange={setBilling} countries={codes} namePrefix="billing-" />
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
          <BillingAddressFields
            value={shipping}
            onChange={setShipping}
            countries={codes}
            namePrefix="shipping-"
          />
        </fieldset>
      ) : null}
      <FormError error={error} />
      <Button type="submit" fullWidth disabled={pending || !complete}>
        {t("cardOrder.continue")}
      </Button>
    </form>
  );
}
