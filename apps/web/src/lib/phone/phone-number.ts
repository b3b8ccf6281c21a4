import type { CountryCode } from "libphonenumber-js/min";

// libphonenumber-js (~29 KB gzipped even with the "min" metadata: lengths and prefixes, a fifth
// of "max", and only the functions of phone-library.ts) loads after the screen's first paint,
// not in the sign-in pages' chunks. A phone field starts the load when it appears
// (usePhoneNumbers), so the budget counts it with those pages (docs/web-performance.md);
// validation waits for it (validation.ts). The server checks with "max" and its refusal names
// the phone field, where the form then shows it.
type PhoneLibrary = typeof import("./phone-library.ts");

let library: PhoneLibrary | undefined;
let loading: Promise<void> | undefined;

/** Loads the phone number library once; every function below needs it loaded. */
export function loadPhoneNumbers(): Promise<void> {
  loading ??= import("./phone-library.ts").then(
    (loaded) => {
      library = loaded;
    },
    (error: unknown) => {
      loading = undefined; // a failed download (network) may be retried on the next use
      throw error;
    },
  );
  return loading;
}

/** True once loadPhoneNumbers has finished. */
export function phoneNumbersLoaded(): boolean {
  return library !== undefined;
}

function loaded(): PhoneLibrary {
  if (!library) throw new Error("phone-number: call loadPhoneNumbers() before using a phone number");
  return library;
}

/**
 * The E.164 digits (no '+') the API takes (spec §5), from what the customer typed and the
 * country picked; a number typed with its own '+' prefix wins over the picker. Undefined when
 * the number is not valid.
 */
export function phoneDigits(typed: string, country: string): string | undefined {
  const text = typed.trim();
  if (text === "") return undefined;
  const { parsePhoneNumberFromString } = loaded();
  const parsed = text.startsWith("+")
    ? parsePhoneNumberFromString(text)
    : parsePhoneNumberFromString(text, country as CountryCode);
  return parsed?.isValid() ? parsed.number.slice(1) : undefined;
}

/** "+49 1512 3456789" for "we sent a code to …", with no-break spaces: it never wraps. */
export function formatPhone(digits: string): string {
  const text = loaded().parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
  return text.replaceAll(" ", "\u00a0");
}

/**
 * A mobile number of the country as its people write it ("6 12345678" for NL), the phone
 * field's placeholder; undefined until the library has loaded or for a country it does not know.
 */
export function phoneExample(country: string): string | undefined {
  if (!library) return undefined;
  return library.getExampleNumber(country as CountryCode, library.mobileExamples)?.formatNational();
}

/** Keeps what a phone number can hold while typing: digits, spaces, '+', '-', '(' and ')'. */
export function cleanPhoneInput(text: string): string {
  return text.replace(/[^\d\s+()-]/g, "");
}
