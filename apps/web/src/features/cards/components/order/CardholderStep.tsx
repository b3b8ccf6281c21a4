import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { TextField } from "../../../../components/TextField.tsx";
import { useProfile } from "../../../../lib/customer/profile-queries.ts";

const LATIN = /^[A-Za-z][A-Za-z' -]*$/;

/** Step 4: the name embossed on the card, Latin letters (prefilled from the profile). */
export function CardholderStep({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: Error | undefined;
  onSubmit: (v: { firstName: string; lastName: string }) => void;
}) {
  const { t } = useTranslation();
  const profile = useProfile().data;
  const [first, setFirst] = useState<string>();
  const [last, setLast] = useState<string>();
  const firstName = first ?? profile?.firstName ?? "";
  const lastName = last ?? profile?.lastName ?? "";
  const valid = LATIN.test(firstName.trim()) && LATIN.test(lastName.trim());
  return (
    <form
      className="k-card-order__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSubmit({ firstName: firstName.trim(), lastName: lastName.trim() });
      }}
    >
      <p>{t("cardOrder.name.hint")}</p>
      <TextField
        label={t("cardOrder.name.firstName")}
        value={firstName}
        maxLength={24}
        autoComplete="given-name"
        onChange={(e) => setFirst(e.target.value)}
      />
      <TextField
        label={t("cardOrder.name.lastName")}
        value={lastName}
        maxLength={24}
        autoComplete="family-name"
        onChange={(e) => setLast(e.target.value)}
      />
      <FormError error={error} />
      <Button type="submit" fullWidth disabled={pending || !valid}>
        {t("cardOrder.continue")}
      </Button>
    </form>
  );
}
