import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { PasswordField } from "../../../components/PasswordField.tsx";
import { asError, showAtField } from "../../../lib/forms/server-errors.ts";
import { type NewPasswordValues, newPasswordSchema } from "../validation.ts";

/** A new password and its confirmation (spec §5: 6 characters or more, a digit, matching). */
export function NewPasswordForm({ onSubmit }: { onSubmit: (password: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<Error | undefined>();
  const resolver = useMemo(() => zodResolver(newPasswordSchema(t)), [t]);
  const { register, handleSubmit, setError, formState } = useForm<NewPasswordValues>({
    resolver,
    defaultValues: { password: "", confirmPassword: "" },
  });

  const submit = handleSubmit(async ({ password }) => {
    setFormError(undefined);
    try {
      await onSubmit(password);
    } catch (error) {
      if (!showAtField(error, setError, { password: "password" })) setFormError(asError(error));
    }
  });

  return (
    <form className="k-auth__form" onSubmit={submit} noValidate>
      <PasswordField
        label={t("auth.password.newLabel")}
        hint={t("auth.password.hint")}
        autoComplete="new-password"
        autoFocus
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
      <Button type="submit" fullWidth disabled={formState.isSubmitting}>
        {t("auth.reset.submit")}
      </Button>
    </form>
  );
}
