import { useTranslation } from "react-i18next";
import { CountrySelect } from "../country-select/CountrySelect.tsx";
import { TextField } from "../TextField.tsx";
import type { AddressValue, FieldErrors } from "./answer-values.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../lib/i18n/en-answers.ts";

/**
 * A billing (or shipping) address, the same fields and words wherever it is asked: the card order,
 * the IBAN order, a pay-in card (issue 47). Controlled: the flow starts it from the stored answer
 * (answer-values.ts `addressFrom`). `countries` narrows the list to what the flow serves.
 */
export function BillingAddressFields({
  value,
  onChange,
  countries,
  errors = {},
  namePrefix = "",
}: {
  value: AddressValue;
  onChange: (v: AddressValue) => void;
  /** The countries the flow serves (country-select/countries.ts `ALL_COUNTRY_CODES`: every one). */
  countries: readonly string[];
  errors?: FieldErrors<AddressValue>;
  /** Tells two addresses of one form apart (billing and shipping). */
  namePrefix?: string;
}) {
  const { t } = useTranslation();
  const set = (k: keyof AddressValue) => (e: { target: { value: string } }) =>
    onChange({ ...value, [k]: e.target.value });
  return (
    <>
      <CountrySelect
        name={`${namePrefix}country`}
        label={t("answers.address.country")}
        value={value.country}
        codes={countries}
        error={errors.country}
        onChange={(country) => onChange({ ...value, country })}
      />
      <TextField
        name={`${namePrefix}city`}
        label={t("answers.address.city")}
        value={value.city}
        maxLength={60}
        autoComplete="address-level2"
        error={errors.city}
        onChange={set("city")}
      />
      <TextField
        name={`${namePrefix}address`}
        label={t("answers.address.address")}
        value={value.address}
        maxLength={120}
        autoComplete="address-line1"
        error={errors.address}
        onChange={set("address")}
      />
      <TextField
        name={`${namePrefix}address2`}
        label={t("answers.address.address2")}
        value={value.address2}
        maxLength={120}
        autoComplete="address-line2"
        error={errors.address2}
        onChange={set("address2")}
      />
      <TextField
        name={`${namePrefix}postalCode`}
        label={t("answers.address.postalCode")}
        value={value.postalCode}
        maxLength={16}
        autoComplete="postal-code"
        error={errors.postalCode}
        onChange={set("postalCode")}
      />
      <TextField
        name={`${namePrefix}state`}
        label={t("answers.address.state")}
        value={value.state}
        maxLength={60}
        autoComplete="address-level1"
        error={errors.state}
        onChange={set("state")}
      />
    </>
  );
}
