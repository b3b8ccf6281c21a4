import { type ComponentPropsWithRef, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CatalogCountry } from "../lib/catalog/countries-query.ts";
import { phoneExample } from "../lib/phone/phone-number.ts";
import { usePhoneNumbers } from "../lib/phone/use-phone-numbers.ts";
import "./field.css";
import "./phone-field.css";

export interface PhoneFieldProps {
  countries: readonly CatalogCountry[];
  /** The picked country's code, to show its calling code in the closed picker. */
  selectedCountry: string;
  /**
   * The country the form starts with (its hook sets the value a moment after the first render):
   * shown until then, so the first frame already has the chosen country and nothing moves.
   */
  defaultCountry?: string | undefined;
  /** The picker's props: a form library's `register("country")`, or value and onChange. */
  countrySelect: ComponentPropsWithRef<"select">;
  /** The number's props, likewise; they may override autoComplete (a recipient's is "off"). */
  phoneInput: ComponentPropsWithRef<"input">;
  /** Default "Phone number" (the customer's own). */
  label?: string;
  error?: string | undefined;
  autoFocus?: boolean;
}

/**
 * A phone number, wherever one is typed (sign-in, sign-up, password reset, send by phone): the
 * calling-code picker plus the number, judged by libphonenumber-js (lib/phone/phone-number.ts),
 * with a mobile number of the picked country as its placeholder (the start country is the
 * visitor's, else the merchant's home country: GET /location). The picker is the platform's own select
 * (full country names in its list) laid transparently over a compact "DE +49" face, so it stays
 * narrow on a phone and keeps the native keyboard and screen-reader behaviour.
 */
export function PhoneField(props: PhoneFieldProps) {
  const { t } = useTranslation();
  // The form's validation needs the phone number library: its download starts with the field.
  const numbersReady = usePhoneNumbers();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const shown = props.selectedCountry || props.defaultCountry;
  const selected = props.countries.find((country) => country.code === shown);
  const listed = useFullListSoon(props.countries, selected);
  return (
    <div className="k-field">
      <label htmlFor={inputId} className="k-field__label">
        {props.label ?? t("auth.phone.label")}
      </label>
      <div className="k-field__control k-phone">
        <div className="k-phone__country">
          <span className="k-phone__face" aria-hidden="true">
            {selected ? `${selected.code} ${selected.dialCode}` : "—"}
          </span>
          <select
            className="k-phone__select"
            aria-label={t("auth.phone.country")}
            onFocus={listed.showAll}
            onPointerDown={listed.showAll}
            {...props.countrySelect}
          >
            {listed.countries.map((country) => (
              <option key={country.code} value={country.code}>
                {`${country.name} (${country.dialCode})`}
              </option>
            ))}
          </select>
        </div>
        <input
          id={inputId}
          className="k-field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={numbersReady && shown ? phoneExample(shown) : undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          // biome-ignore lint/a11y/noAutofocus: the phone number is the page's first and main field
          autoFocus={props.autoFocus}
          {...props.phoneInput}
        />
      </div>
      {props.error ? (
        <p id={errorId} className="k-field__error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The picker's ~240 options are drawn just after the first paint (or at once when the customer
 * reaches for the picker), not in it: the closed picker shows only the chosen country, and
 * drawing them all made the sign-in screen's first render one long task on a slow phone.
 */
function useFullListSoon(countries: readonly CatalogCountry[], selected: CatalogCountry | undefined) {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all) return;
    const show = () => setAll(true);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(show, { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(show, 0);
    return () => window.clearTimeout(id);
  }, [all]);
  return {
    countries: all || !selected ? countries : [selected],
    showAll: () => setAll(true),
  };
}
