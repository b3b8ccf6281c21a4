import { fieldMessage } from "@kestrel/api-client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PhoneField } from "../../components/PhoneField.tsx";
import { cleanPhoneInput, formatPhone, loadPhoneNumbers, phoneDigits } from "../../lib/phone/phone-number.ts";
import { usePhoneCountries } from "../../lib/phone/use-phone-countries.ts";
import { usePhoneNumbers } from "../../lib/phone/use-phone-numbers.ts";
import { SendForm } from "./SendForm.tsx";

/** /send/phone: send to another customer of the merchant by phone number (no fee, instant). */
export function SendPhonePage() {
  const { t } = useTranslation();
  const phoneCountries = usePhoneCountries();
  const [picked, setPicked] = useState<string | undefined>();
  const country = picked ?? phoneCountries.defaultCountry ?? "";
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  // The phone number library loads with the field (lib/phone/phone-number.ts); the fee shown while
  // typing needs it, and Continue waits for it (checkRecipient).
  const phoneReady = usePhoneNumbers();
  const digits = phoneReady ? phoneDigits(typed, country) : undefined;

  return (
    <SendForm
      title={t("pages.sendPhone")}
      recipient={digits ? { phone: digits } : undefined}
      checkRecipient={async () => {
        try {
          await loadPhoneNumbers(); // at once when loaded; a failed download is tried again
        } catch {
          setError(t("sendForm.errors.phoneCheck"));
          return undefined;
        }
        const valid = phoneDigits(typed, country);
        setError(valid ? undefined : t("sendForm.errors.phone"));
        // The sender sees the whole number they typed, here and in what follows.
        return valid ? { recipient: { phone: valid }, text: formatPhone(valid) } : undefined;
      }}
      onRecipientError={(apiError) => {
        if (apiError.field !== "phone") return false;
        setError(fieldMessage(apiError));
        return true;
      }}
      recipientInput={() => (
        <PhoneField
          label={t("sendForm.phone")}
          countries={phoneCountries.countries}
          selectedCountry={country}
          countrySelect={{ value: country, onChange: (event) => setPicked(event.target.value) }}
          phoneInput={{
            autoComplete: "off",
            value: typed,
            onChange: (event) => {
              setTyped(cleanPhoneInput(event.target.value));
              setError(undefined);
            },
          }}
          error={error}
        />
      )}
    />
  );
}
