import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { TextField } from "../../../components/TextField.tsx";
import { asError, showAtField } from "../../../lib/forms/server-errors.ts";
import { useNotify } from "../../../lib/notifications/notifications-context.tsx";
import { useApi } from "../../../lib/session/session-context.tsx";
import { addEmail } from "../api/auth-calls.ts";
import { emailSchema } from "../validation.ts";

/** The optional email (PUT /v2/mobile/email/add): the server mails a confirmation link. */
export function EmailStep({ onDone }: { onDone: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const [formError, setFormError] = useState<Error | undefined>();
  const resolver = useMemo(() => zodResolver(emailSchema(t)), [t]);
  const { register, handleSubmit, setError, formState } = useForm<{ email: string }>({
    resolver,
    defaultValues: { email: "" },
  });

  const submit = handleSubmit(async ({ email }) => {
    setFormError(undefined);
    try {
      await addEmail(api, email);
      notify.success(t("auth.signUp.emailSent", { email }));
      await onDone();
    } catch (error) {
      if (!showAtField(error, setError, { email: "email" })) setFormError(asError(error));
    }
  });

  return (
    <form className="k-auth__form" onSubmit={submit} noValidate>
      <TextField
        label={t("auth.signUp.emailLabel")}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoFocus
        error={formState.errors.email?.message}
        {...register("email", { setValueAs: (value: string) => value.trim() })}
      />
      <FormError error={formError} />
      <div className="k-auth__actions">
        <Button type="submit" fullWidth disabled={formState.isSubmitting}>
          {t("auth.signUp.emailSubmit")}
        </Button>
        <Button variant="ghost" fullWidth disabled={formState.isSubmitting} onClick={() => void onDone()}>
          {t("auth.signUp.skip")}
        </Button>
      </div>
    </form>
  );
}
