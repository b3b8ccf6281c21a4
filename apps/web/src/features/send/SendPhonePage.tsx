import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/SelectField.tsx";
import { TextField } from "../../components/TextField.tsx";
import { cleanPhoneInput, formatPhone, phoneDigits } from "../../lib/phone/phone-number.ts";
import { usePhoneCountries } from "../../lib/phone/use-phone-countries.ts";
import { usePhoneNumbers } from "../../lib/phone/use-phone-numbers.ts";
import { fieldMessage } from "../../lib/session/api-result.ts";
import { SendForm } from "./SendForm.tsx";

/** /send/phone: send to another customer of the merchant by phone number (no fee, instant). */
export function SendPhonePage() {
  const { t } = useTranslation();
  const phoneCountries = usePhoneCountries();
  const [picked, setPicked] = useState<string | undefined>();
  const country = picked ?? phoneCountries.defaultCountry ?? "";
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  // The phone number library loads with the screen (lib/phone/phone-number.ts), in well under the
  // time it takes to type a number; until then no number counts as valid and Next waits.
  const phoneReady = usePhoneNumbers();
  const digits = phoneReady ? phoneDigits(typed, country) : undefined;

  return (
    <SendForm
      title={t("pages.sendPhone")}
      recipient={digits ? { phone: digits } : undefined}
      recipientText={digits ? formatPhone(digits) : ""}
      checkRecipient={() => {
        if (!phoneReady) return false;
        setError(digits ? undefined : t("sendForm.errors.phone"));
        return digits !== undefined;
      }}
      onRecipientError={(apiError) => {
        if (apiError.field !== "phone") return false;
        setError(fieldMessage(apiError));
        return true;
      }}
      recipientInput={() => (
        <div className="k-send__phone">
          <SelectField
            label={t("sendForm.country")}
            value={country}
            onChange={(e) => setPicked(e.target.value)}
          >
            {phoneCountries.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {`${c.code} ${c.dialCode}`}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("sendForm.phone")}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={typed}
            error={error}
            onChange={(event) => {
              setTyped(cleanPhoneInput(event.target.value));
              setError(undefined);
            }}
          />
        </div>
      )}
    />
  );
}
