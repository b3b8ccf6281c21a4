import type { TFunction } from "i18next";
import * as z from "zod/mini";
import { loadPhoneNumbers, phoneDigits } from "../../lib/phone/phone-number.ts";

/** Spec §5 and §9: at least 6 characters with a digit; a 4-digit SMS code. */
const PASSWORD_MIN_LENGTH = 6;
const SMS_CODE_PATTERN = /^\d{4}$/;
const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

const newPassword = (t: TFunction) =>
  z
    .string()
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, t("auth.password.tooShort")),
      z.regex(/\d/, t("auth.password.needsDigit")),
    );

// Asynchronous: the phone number library loads on first use (lib/phone/phone-number.ts); the
// forms' resolver (zodResolver) parses asynchronously.
const validPhone = (t: TFunction) =>
  z.refine<{ phone: string; country: string }>(
    async (v) => {
      await loadPhoneNumbers();
      return phoneDigits(v.phone, v.country) !== undefined;
    },
    { message: t("auth.phone.invalid"), path: ["phone"] },
  );

const passwordsMatch = (t: TFunction) =>
  z.refine<{ password: string; confirmPassword: string }>((v) => v.password === v.confirmPassword, {
    message: t("auth.password.mismatch"),
    path: ["confirmPassword"],
  });

export const newPasswordSchema = (t: TFunction) =>
  z.object({ password: newPassword(t), confirmPassword: z.string() }).check(passwordsMatch(t));
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>;

export const passwordChangeSchema = (t: TFunction) =>
  z
    .object({
      currentPassword: z.string().check(z.minLength(1, t("auth.password.required"))),
      password: newPassword(t),
      confirmPassword: z.string(),
    })
    .check(passwordsMatch(t));
export type PasswordChangeValues = z.infer<ReturnType<typeof passwordChangeSchema>>;

export const signUpSchema = (t: TFunction) =>
  z
    .object({
      country: z.string(),
      phone: z.string(),
      password: newPassword(t),
      confirmPassword: z.string(),
      terms: z.boolean(),
    })
    .check(
      validPhone(t),
      passwordsMatch(t),
      z.refine((v) => v.terms, { message: t("auth.terms.required"), path: ["terms"] }),
    );
export type SignUpValues = z.infer<ReturnType<typeof signUpSchema>>;

export const signInSchema = (t: TFunction) =>
  z
    .object({
      country: z.string(),
      phone: z.string(),
      // Only "something typed": an old password may predate today's rules.
      password: z.string().check(z.minLength(1, t("auth.password.required"))),
    })
    .check(validPhone(t));
export type SignInValues = z.infer<ReturnType<typeof signInSchema>>;

export const phoneSchema = (t: TFunction) =>
  z.object({ country: z.string(), phone: z.string() }).check(validPhone(t));
export type PhoneValues = z.infer<ReturnType<typeof phoneSchema>>;

export const emailSchema = (t: TFunction) => z.object({ email: z.email(t("auth.signUp.emailInvalid")) });

export const referralSchema = (t: TFunction) =>
  z.object({ code: z.string().check(z.regex(REFERRAL_CODE_PATTERN, t("auth.referral.invalid"))) });

export const isCompleteSmsCode = (code: string) => SMS_CODE_PATTERN.test(code);
