import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { PasswordField } from "../../../components/PasswordField.tsx";
import { PhoneField } from "../../../components/PhoneField.tsx";
import type { CatalogCountry } from "../../../lib/catalog/countries-query.ts";
import { asError, showAtField } from "../../../lib/forms/server-errors.ts";
import type { CaptchaState } from "../hooks/use-captcha.ts";
import { useInitialCountry } from "../hooks/use-initial-country.ts";
import { type SignUpValues, signUpSchema } from "../validation.ts";
import { CaptchaStatus } from "./CaptchaStatus.tsx";
import { TermsConsent } from "./TermsConsent.tsx";

export interface SignUpFormProps {
  countries: readonly CatalogCountry[];
  defaultCountry: string | undefined;
  captcha: CaptchaState;
  /** Called as the customer starts typing, so the captcha is solved while they fill in the form. */
  onStart: () => void;
  /** Signs up; a refusal naming phone or password is shown at that field. */
  onSubmit: (values: SignUpValues) => Promise<void>;
}

/** Phone, password and its confirmation, terms (spec §5's rules), and the captcha's progress. */
export function SignUpForm(props: SignUpFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<Error | undefined>();
  const resolver = useMemo(() => zodResolver(signUpSchema(t)), [t]);
  const form = useForm<SignUpValues>({
    resolver,
    defaultValues: {
      country: props.defaultCountry ?? "",
      phone: "",
      password: "",
      confirmPassword: "",
      terms: false,
    },
  });
  useInitialCountry(form, props.defaultCountry);
  const { register, handleSubmit, setError, setValue, watch, formState } = form;
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await props.onSubmit(values);
    } catch (error) {
      if (!showAtField(error, setError, { phone: "phone", password: "password" }))
        setFormError(asError(error));
    }
  });

  return (
    <form className="k-auth__form" onSubmit={submit} onInputCapture={props.onStart} noValidate>
      <PhoneField
        countries={props.countries}
        selectedCountry={watch("country")}
        defaultCountry={props.defaultCountry}
        countrySelect={register("country")}
        phoneInput={register("phone")}
        error={errors.phone?.message}
        autoFocus
      />
      <PasswordField
        label={t("auth.password.label")}
        hint={t("auth.password.hint")}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <PasswordField
        label={t("auth.password.confirmLabel")}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <TermsConsent
        checkbox={register("terms")}
        onAgree={() => setValue("terms", true, { shouldValidate: formState.isSubmitted })}
        error={errors.terms?.message}
      />
      <CaptchaStatus state={props.captcha} />
      <FormError error={formError} />
      <Button type="submit" fullWidth disabled={formState.isSubmitting}>
        {t("auth.signUp.submit")}
      </Button>
    </form>
  );
}
