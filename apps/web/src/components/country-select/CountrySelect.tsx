import { SelectField } from "../SelectField.tsx";
import { countries } from "./countries.ts";

/**
 * A country picked by its name, sent as its ISO alpha-2 code (issue 47: no free-text "2 letters"
 * field). `codes` narrows the list (a merchant's delivery countries); by default every country.
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
  codes?: readonly string[];
  placeholder?: string;
  error?: string;
}) {
  const list = codes ? countries().filter((c) => codes.includes(c.code)) : countries();
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
