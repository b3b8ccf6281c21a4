import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { TextField } from "../../../components/TextField.tsx";
import { asError, showAtField } from "../../../lib/forms/server-errors.ts";
import { useApi } from "../../../lib/session/session-context.tsx";
import { setReferralCode } from "../api/auth-calls.ts";
import { referralSchema } from "../validation.ts";

export interface ReferralFormProps {
  /** The merchant asks for a code (merchantData / profile referralCodeRequired): no skipping. */
  required: boolean;
  onDone: () => Promise<void> | void;
}

/**
 * POST /v1/referral: another customer's code; an unknown one is refused at the field. The page
 * around it explains the step (`referralIntro`).
 */
export function ReferralForm({ required, onDone }: ReferralFormProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [formError, setFormError] = useState<Error | undefined>();
  const resolver = useMemo(() => zodResolver(referralSchema(t)), [t]);
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({
    resolver,
    defaultValues: { code: "" },
  });

  const submit = handleSubmit(async ({ code }) => {
    setFormError(undefined);
    try {
      await setReferralCode(api, code);
      await onDone();
    } catch (error) {
      if (!showAtField(error, setError, { code: "code" })) setFormError(asError(error));
    }
  });

  return (
    <form className="k-auth__form" onSubmit={submit} noValidate>
      <TextField
        label={t("auth.referral.label")}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus
        error={formState.errors.code?.message}
        {...register("code", { setValueAs: (value: string) => value.trim().toUpperCase() })}
      />
      <FormError error={formError} />
      <div className="k-auth__actions">
        <Button type="submit" fullWidth disabled={formState.isSubmitting}>
          {t("auth.referral.submit")}
        </Button>
        {required ? null : (
          <Button variant="ghost" fullWidth disabled={formState.isSubmitting} onClick={() => void onDone()}>
            {t("auth.signUp.skip")}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The line above the referral form: optional or required. */
export const referralIntroKey = (required: boolean) =>
  required ? ("auth.referral.requiredText" as const) : ("auth.referral.text" as const);
