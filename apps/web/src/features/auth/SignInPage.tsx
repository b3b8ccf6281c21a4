import { zodResolver } from "@hookform/resolvers/zod";
import { ApiError } from "@kestrel/api-client";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { PasswordField } from "../../components/PasswordField.tsx";
import { PhoneField } from "../../components/PhoneField.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { useMerchantData } from "../../lib/config-service/queries.ts";
import { asError, showAtField } from "../../lib/forms/server-errors.ts";
import { formatPhone, phoneDigits } from "../../lib/phone/phone-number.ts";
import { usePhoneCountries } from "../../lib/phone/use-phone-countries.ts";
import { ROUTES } from "../../lib/routes.ts";
import { useApi } from "../../lib/session/session-context.tsx";
import { signIn } from "./api/auth-calls.ts";
import { AuthPage } from "./components/AuthPage.tsx";
import { CodeStep } from "./components/CodeStep.tsx";
import { useContinueAfterSignIn } from "./hooks/use-continue-after-sign-in.ts";
import { useInitialCountry } from "./hooks/use-initial-country.ts";
import { type SignInValues, signInSchema } from "./validation.ts";

const needsDeviceCode = (error: unknown) =>
  error instanceof ApiError && error.code === "DEVICE_CONFIRMATION_REQUIRED";

/** /sign-in: phone and password; a device seen for the first time also confirms an SMS code. */
export function SignInPage() {
  const { t } = useTranslation();
  const api = useApi();
  const merchant = useMerchantData().data;
  const continueAfterSignIn = useContinueAfterSignIn();
  const phones = usePhoneCountries();
  const [credentials, setCredentials] = useState<{ phone: string; password: string } | undefined>();
  const [formError, setFormError] = useState<Error | undefined>();
  // Sent here because the server ended the session for a reason (RequireSession): say it first.
  const ended = (useLocation().state as { ended?: { message: string } } | null)?.ended;
  const [notice, setNotice] = useState(() => (ended ? new Error(ended.message) : undefined));
  const resolver = useMemo(() => zodResolver(signInSchema(t)), [t]);
  const form = useForm<SignInValues>({ resolver, defaultValues: { country: "", phone: "", password: "" } });
  useInitialCountry(form, phones.defaultCountry);
  const { register, handleSubmit, setError, watch, formState } = form;

  const submit = handleSubmit(async (values) => {
    setFormError(undefined);
    setNotice(undefined);
    if (!merchant) return setFormError(new Error(t("modal.error.message")));
    const input = { phone: phoneDigits(values.phone, values.country) ?? "", password: values.password };
    try {
      await continueAfterSignIn(await signIn(api, merchant, input));
    } catch (error) {
      if (needsDeviceCode(error)) setCredentials(input);
      else if (!showAtField(error, setError, { number: "phone", phone: "phone", password: "password" }))
        setFormError(asError(error));
    }
  });

  if (credentials && merchant) {
    return (
      <AuthPage
        title={t("pages.signIn")}
        subtitle={t("auth.signIn.deviceTitle")}
        intro={t("auth.signIn.deviceText", { phone: formatPhone(credentials.phone) })}
      >
        <CodeStep
          onConfirm={async (code) => continueAfterSignIn(await signIn(api, merchant, credentials, code))}
          // The same call without a code sends a new one (and answers "confirmation required").
          onResend={() =>
            signIn(api, merchant, credentials).then(
              () => undefined,
              (error: unknown) => {
                if (!needsDeviceCode(error)) throw error;
              },
            )
          }
          onBack={() => setCredentials(undefined)}
          backLabel={t("modal.back")}
        />
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title={t("pages.signIn")}
      intro={t("auth.signIn.intro")}
      footer={
        <p>
          {t("auth.signIn.noAccount")}{" "}
          <Link className="k-link" to={ROUTES.signUp}>
            {t("auth.signIn.signUpLink")}
          </Link>
        </p>
      }
    >
      {phones.isPending ? (
        <div className="k-auth__loading">
          <Spinner />
        </div>
      ) : (
        <form className="k-auth__form" onSubmit={submit} noValidate>
          <FormError error={notice} />
          <PhoneField
            countries={phones.countries}
            selectedCountry={watch("country")}
            defaultCountry={phones.defaultCountry}
            countrySelect={register("country")}
            phoneInput={register("phone")}
            error={formState.errors.phone?.message}
            autoFocus
          />
          <PasswordField
            label={t("auth.password.label")}
            autoComplete="current-password"
            error={formState.errors.password?.message}
            {...register("password")}
          />
          <div className="k-auth__row-end">
            <Link className="k-link" to={ROUTES.resetPassword}>
              {t("auth.signIn.forgot")}
            </Link>
          </div>
          <FormError error={formError ?? phones.error ?? undefined} />
          <Button type="submit" fullWidth disabled={formState.isSubmitting}>
            {t("auth.signIn.submit")}
          </Button>
        </form>
      )}
    </AuthPage>
  );
}
