import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PhoneField } from "../../../../components/PhoneField.tsx";
import { cleanPhoneInput, phoneDigits } from "../../../../lib/phone/phone-number.ts";
import { usePhoneCountries } from "../../../../lib/phone/use-phone-countries.ts";
import { usePhoneNumbers } from "../../../../lib/phone/use-phone-numbers.ts";

/** What the courier's phone field holds: what was typed, and its digits once it is valid. */
export type CourierPhoneValue = { typed: string; digits: string | undefined };

/**
 * The courier's phone, in the app's one phone field. Its own module, loaded when a plastic card
 * ships elsewhere than the billing address (AddressStep.tsx), so the phone number library is
 * not part of the card order's first load (scripts/web-budget.ts LOADED_ON_USE).
 */
export function CourierPhone({
  error,
  onChange,
}: {
  error: string | undefined;
  onChange: (value: CourierPhoneValue) => void;
}) {
  const { t } = useTranslation();
  const countries = usePhoneCountries();
  const [picked, setPicked] = useState<string | undefined>();
  const [typed, setTyped] = useState("");
  const country = picked ?? countries.defaultCountry ?? "";
  const ready = usePhoneNumbers();
  const digits = ready ? phoneDigits(typed, country) : undefined;
  useEffect(() => onChange({ typed, digits }), [typed, digits, onChange]);
  return (
    <PhoneField
      label={t("cardOrder.address.phone")}
      countries={countries.countries}
      selectedCountry={country}
      countrySelect={{ value: country, onChange: (e) => setPicked(e.target.value) }}
      phoneInput={{ value: typed, onChange: (e) => setTyped(cleanPhoneInput(e.target.value)) }}
      error={error}
    />
  );
}
