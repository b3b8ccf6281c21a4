import { z } from "zod";

/** Names and addresses follow spec §5's free-text rule: letters, digits, - , . and spaces. */
const freeText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .regex(
      /^[\p{L}\p{M}\p{N}\-,. ]+$/u,
      "may contain only letters, digits, spaces, hyphens, commas and periods",
    );

export const countryCode = z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code (ISO 3166-1)");

/** A real calendar date (YYYY-MM-DD) of someone at least 18 and at most 120 years old. */
export const dateOfBirth = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, "must be a real date")
  .refine((s) => ageOn(s, new Date()) >= 18, "you must be at least 18 years old")
  .refine((s) => ageOn(s, new Date()) <= 120, "must be a real date of birth");

export function ageOn(birth: string, today: Date): number {
  const [y, m, d] = birth.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const profilePatch = z
  .object({
    firstName: freeText(50),
    lastName: freeText(50),
    residenceCountry: countryCode,
    residenceStreet: freeText(120),
    residenceCity: freeText(60),
    dateOfBirth,
  })
  .partial()
  .strict();

export const profileResponse = z
  .object({
    customerId: z.uuid(),
    phone: z.string(),
    email: z.string().optional(),
    confirmedEmail: z.boolean(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    residenceCountry: z.string().optional(),
    residenceStreet: z.string().optional(),
    residenceCity: z.string().optional(),
    dateOfBirth: z.string().optional(),
    referralCode: z.string().optional().describe("The code this customer entered"),
    ownReferralCode: z.string().describe("This customer's code, to invite others"),
    referralCodeRequired: z.boolean(),
    taxId: z.string().optional(),
    taxCountry: z.string().optional(),
    completedKycLevel: z.string(),
    pushEnabled: z.boolean(),
  })
  .meta({ id: "Profile" });

export const taxUpdate = z
  .object({
    taxId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,30}$/, "must be 4 to 30 letters, digits or hyphens"),
    taxCountry: z.string().regex(/^[A-Z]{3}$/, "must be a three-letter country code (ISO 3166-1 alpha-3)"),
  })
  .strict();

export const devicePush = z
  .object({
    state: z.enum(["ENABLED", "DISABLED"]),
    deviceToken: z.string().min(1).max(512).optional(),
    deviceId: z.string().min(1).max(128),
  })
  .strict();
