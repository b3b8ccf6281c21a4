import { zodResolver } from "@hookform/resolvers/zod";
import { unwrap } from "@kestrel/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { TextField } from "../../../components/TextField.tsx";
import { useOfferedCountries } from "../../../lib/catalog/countries-query.ts";
import { REQUIRED_PROFILE_FIELDS } from "../../../lib/customer/profile-completeness.ts";
import { PROFILE_QUERY_KEY, type Profile } from "../../../lib/customer/profile-queries.ts";
import { sanitizeFreeText } from "../../../lib/format/sanitize-free-text.ts";
import { asError, showAtField } from "../../../lib/forms/server-errors.ts";
import { useApi } from "../../../lib/session/session-context.tsx";
import { latestBirthDate, type ProfileValues, profileSchema } from "../profile-validation.ts";

/** Spec §5's free-text rule while typing: disallowed characters simply do not appear. */
function freeText(registration: UseFormRegisterReturn): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      const cleaned = sanitizeFreeText(input.value);
      if (cleaned !== input.value) input.value = cleaned;
      return registration.onChange(event);
    },
  };
}

/** The redirect rule's profile fields (PATCH /v2/customer/profile), prefilled with what is known. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const countries = useOfferedCountries("residence");
  const [formError, setFormError] = useState<Error | undefined>();
  const resolver = useMemo(() => zodResolver(profileSchema(t)), [t]);
  const { register, handleSubmit, setError, formState } = useForm<ProfileValues>({
    resolver,
    defaultValues: Object.fromEntries(REQUIRED_PROFILE_FIELDS.map((field) => [field, profile[field] ?? ""])),
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const updated = await unwrap(api.PATCH("/v2/customer/profile", { body: values }));
      queryClient.setQueryData(PROFILE_QUERY_KEY, updated);
    } catch (error) {
      const fields = Object.fromEntries(REQUIRED_PROFILE_FIELDS.map((field) => [field, field]));
      if (!showAtField(error, setError, fields)) setFormError(asError(error));
    }
  });

  return (
    <form className="k-verification__form" onSubmit={submit} noValidate>
      <div className="k-verification__pair">
        <TextField
          label={t("verification.firstName")}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...freeText(register("firstName"))}
        />
        <TextField
          label={t("verification.lastName")}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...freeText(register("lastName"))}
        />
      </div>
      <TextField
        label={t("verification.dateOfBirth")}
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={latestBirthDate(new Date())}
        error={errors.dateOfBirth?.message}
        {...register("dateOfBirth")}
      />
      <SelectField
        label={t("verification.residenceCountry")}
        autoComplete="country"
        error={errors.residenceCountry?.message ?? countries.error?.message}
        {...register("residenceCountry")}
      >
        <option value="">{countries.isPending ? t("form.loading") : t("verification.chooseCountry")}</option>
        {(countries.data ?? []).map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
      <div className="k-verification__pair">
        <TextField
          label={t("verification.residenceCity")}
          autoComplete="address-level2"
          error={errors.residenceCity?.message}
          {...freeText(register("residenceCity"))}
        />
        <TextField
          label={t("verification.residenceStreet")}
          autoComplete="street-address"
          error={errors.residenceStreet?.message}
          {...freeText(register("residenceStreet"))}
        />
      </div>
      <FormError error={formError} />
      <Button type="submit" fullWidth disabled={formState.isSubmitting}>
        {t("verification.submit")}
      </Button>
    </form>
  );
}
