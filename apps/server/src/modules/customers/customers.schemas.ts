import { z } from "zod";
import { INCOME_SOURCES, TURNOVER_RANGES } from "../../personal-info-choices.ts";

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

const countryCode = z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code (ISO 3166-1)");

/** A real calendar date (YYYY-MM-DD) of someone at least 18 and at most 120 years old. */
const dateOfBirth = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, "must be a real date")
  .refine((s) => ageOn(s, new Date()) >= 18, "you must be at least 18 years old")
  .refine((s) => ageOn(s, new Date()) <= 120, "must be a real date of birth");

function ageOn(birth: string, today: Date): number {
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

// The stored answers (customers.types.ts): the same rules as the card and IBAN orders' fields.
const answerText = (max: number) => z.string().trim().min(1, "is required").max(max);
const questionnaire = z
  .object({
    isUsRelated: z.boolean(),
    usRelatedPerson: answerText(140).nullable().default(null),
    incomeSources: z.array(z.enum(INCOME_SOURCES)).min(1, "choose at least one").max(INCOME_SOURCES.length),
    additionalSources: answerText(200).nullable().default(null),
    estimatedMonthlyTurnoverRange: z.enum(TURNOVER_RANGES),
    taxCountry: countryCode.nullable().default(null),
    taxId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9\-/ ]{4,30}$/, "must be 4 to 30 letters or digits")
      .nullable()
      .default(null),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.isUsRelated && !q.usRelatedPerson)
      ctx.addIssue({ code: "custom", path: ["usRelatedPerson"], message: "is required when isUsRelated" });
  });
const answeredAddress = z
  .object({
    country: countryCode,
    city: answerText(60),
    address: answerText(120),
    address2: answerText(120).nullable().default(null),
    postalCode: answerText(16),
    state: answerText(60).nullable().default(null),
  })
  .strict();

export const answersBody = z
  .object({ questionnaire: questionnaire.optional(), billingAddress: answeredAddress.optional() })
  .strict()
  .meta({ id: "CustomerAnswersBody" });

export const answersResponse = z
  .object({
    questionnaire: z
      .object({
        isUsRelated: z.boolean(),
        usRelatedPerson: z.string().nullable(),
        incomeSources: z.array(z.string()),
        additionalSources: z.string().nullable(),
        estimatedMonthlyTurnoverRange: z.string(),
        taxCountry: z.string().nullable().describe("ISO 3166-1 alpha-2"),
        taxId: z.string().nullable(),
      })
      .nullable()
      .describe("The personal questionnaire of the card and IBAN orders; null until answered"),
    billingAddress: z
      .object({
        country: z.string(),
        city: z.string(),
        address: z.string(),
        address2: z.string().nullable(),
        postalCode: z.string(),
        state: z.string().nullable(),
      })
      .nullable()
      .describe("The billing address of the card order, the IBAN order and pay-in cards; null until given"),
  })
  .meta({ id: "CustomerAnswers" });
