import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { PhoneField } from "../../../components/PhoneField.tsx";
import type { CatalogCountry } from "../../../lib/catalog/countries-query.ts";
import { asError, showAtField } from "../../../lib/forms/server-errors.ts";
import { phoneDigits } from "../../../lib/phone/phone-number.ts";
import { useInitialCountry } from "../hooks/use-initial-country.ts";
import { type PhoneValues, phoneSchema } from "../validation.ts";

export interface PhoneFormProps {
  countries: readonly CatalogCountry[];
  defaultCountry: string | undefined;
  submitLabel: string;
  /** Gets the number as E.164 digits. */
  onSubmit: (phone: string) => Promise<void>;
}

/** A phone number alone: the first step of the password reset. */
export function PhoneForm(props: PhoneFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<Error | undefined>();
  const resolver = useMemo(() => zodResolver(phoneSchema(t)), [t]);
  const form = useForm<PhoneValues>({
    resolver,
    defaultValues: { country: props.defaultCountry ?? "", phone: "" },
  });
  useInitialCountry(form, props.defaultCountry);
  const { register, handleSubmit, setError, watch, formState } = form;

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await props.onSubmit(phoneDigits(values.phone, values.country) ?? "");
    } catch (error) {
      if (!showAtField(error, setError, { phone: "phone" })) setFormError(asError(error));
    }
  });

  return (
    <form className="k-auth__form" onSubmit={submit} noValidate>
      <PhoneField
        countries={props.countries}
        selectedCountry={watch("country")}
        defaultCountry={props.defaultCountry}
        countrySelect={register("country")}
        phoneInput={register("phone")}
        error={formState.errors.phone?.message}
        autoFocus
      />
      <FormError error={formError} />
      <Button type="submit" fullWidth disabled={formState.isSubmitting}>
        {props.submitLabel}
      </Button>
    </form>
  );
}
