import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { PasswordField } from "../../components/PasswordField.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { useProfile } from "../../lib/customer/profile-queries.ts";
import { asError, showAtField } from "../../lib/forms/server-errors.ts";
import { useNotify } from "../../lib/notifications/notifications-context.tsx";
import { useApi } from "../../lib/session/session-context.tsx";
import { changePassword, resendEmailConfirmation } from "./api/auth-calls.ts";
import { type PasswordChangeValues, passwordChangeSchema } from "./validation.ts";
import "./auth.css";

/**
 * /account (profile menu, "Password and email"): what the server lets a signed-in customer do
 * with their credentials, reachable on the web too (issue 23): whether the email is confirmed,
 * with 'resend the confirmation email' while it is not, and the password change.
 */
export function AccountPage() {
  const { t } = useTranslation();
  return (
    <section className="k-surface">
      <h1 className="k-page-title">{t("pages.account")}</h1>
      <EmailStatus />
      <PasswordChange />
    </section>
  );
}

function EmailStatus() {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const profile = useProfile();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Error | undefined>();
  const email = profile.data?.email;

  const resend = async () => {
    setSending(true);
    setError(undefined);
    try {
      await resendEmailConfirmation(api);
      notify.success(t("account.resent", { email: email ?? "" }));
    } catch (e) {
      setError(asError(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="k-auth__form">
      <h2>{t("account.emailTitle")}</h2>
      {profile.isPending ? (
        <RowsSkeleton rows={1} />
      ) : !email ? (
        <p>{t("account.noEmail")}</p>
      ) : profile.data?.confirmedEmail ? (
        <p>{t("account.emailConfirmed", { email })}</p>
      ) : (
        <>
          <p>{t("account.emailUnconfirmed", { email })}</p>
          <FormError error={error} />
          <Button variant="ghost" disabled={sending} onClick={() => void resend()}>
            {t("account.resend")}
          </Button>
        </>
      )}
    </div>
  );
}

function PasswordChange() {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const [formError, setFormError] = useState<Error | undefined>();
  const resolver = useMemo(() => zodResolver(passwordChangeSchema(t)), [t]);
  const { register, handleSubmit, setError, reset, formState } = useForm<PasswordChangeValues>({
    resolver,
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });

  const submit = handleSubmit(async ({ currentPassword, password }) => {
    setFormError(undefined);
    try {
      await changePassword(api, currentPassword, password);
      reset();
      notify.success(t("account.changed"));
    } catch (error) {
      const fields = { currentPassword: "currentPassword", newPassword: "password" } as const;
      if (!showAtField(error, setError, fields)) setFormError(asError(error));
    }
  });

  return (
    <form className="k-auth__form" onSubmit={submit} noValidate>
      <h2>{t("account.passwordTitle")}</h2>
      <PasswordField
        label={t("account.currentPassword")}
        autoComplete="current-password"
        error={formState.errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <PasswordField
        label={t("auth.password.newLabel")}
        autoComplete="new-password"
        hint={t("auth.password.hint")}
        error={formState.errors.password?.message}
        {...register("password")}
      />
      <PasswordField
        label={t("auth.password.confirmLabel")}
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <FormError error={formError} />
      <Button type="submit" disabled={formState.isSubmitting}>
        {t("account.submit")}
      </Button>
    </form>
  );
}
