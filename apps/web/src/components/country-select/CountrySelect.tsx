import { useMemo } from "react";
import { SelectField } from "../SelectField.tsx";

export type Country = { code: string; name: string };

let names: Intl.DisplayNames | undefined;
/** The countries of these codes by their English names (the browser's), sorted by name. */
function countryOptions(codes: readonly string[]): Country[] {
  names ??= new Intl.DisplayNames(["en"], { type: "region" });
  const of = names;
  return codes
    .map((code) => ({ code, name: of.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/**
 * A country picked by its name, sent as its ISO alpha-2 code (issue 47: no free-text "2 letters"
 * field). `codes`: the countries the flow offers (a merchant's delivery countries, the EU; every
 * country: countries.ts `ALL_COUNTRY_CODES`).
 */
export function CountrySelect({
  label,
  value,
  onChange,
  name,
  codes,
  placeholder = "—",
  error,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  name?: string;
  codes: readonly string[];
  placeholder?: string;
  error?: string;
}) {
  const list = useMemo(() => countryOptions(codes), [codes]);
  return (
    <SelectField
      label={label}
      value={value}
      name={name}
      error={error}
      autoComplete="country"
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {list.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}
