import { z } from "zod";
import {
  type ConfigSection,
  KYC_LEVELS,
  OFFER_KINDS,
  OPERATION_CONSTRAINTS,
  OPERATION_TYPES,
} from "../../db/schema/index.ts";
import { feeSettingsSchema } from "../quotes/index.ts";

// The configuration sections' shapes, which the admin routes'
// schemas and the back-office share (docs/backoffice.md "Configuration").

export type { ConfigSection };

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour as #RRGGBB");
/** An address customers open: http(s) anywhere, or a path on the merchant's own site. */
const link = z
  .string()
  .max(2000)
  .regex(/^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/, "an https:// address or a path starting with /");
const text = (max: number) => z.string().trim().min(1).max(max);

export const operationsSection = z.object({
  operations: z
    .array(
      z.object({
        operationType: z.enum(OPERATION_TYPES),
        constraint: z.enum(OPERATION_CONSTRAINTS).describe("NONE: enabled; MAINTENANCE; DISABLED"),
        kycLevels: z.array(z.enum(KYC_LEVELS)).min(1).max(KYC_LEVELS.length),
      }),
    )
    .max(OPERATION_TYPES.length),
});

export const brandingSection = z.object({
  favicon: link,
  horizontalImage: link.describe("The logo"),
  backgroundImage: link.nullable(),
  buttonColor1: hexColor,
  buttonColor2: hexColor,
  backgroundColor: hexColor,
  buttonTextColor1: hexColor
    .nullable()
    .describe("Text on buttonColor1; null: black or white, whichever reads"),
  buttonTextColor2: hexColor.nullable().describe("Text on buttonColor2; null: black or white"),
  textColor: hexColor.nullable().describe("Text on backgroundColor; null: black or white"),
});

export const textsSection = z.object({
  textOverrides: z
    .record(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, "a dotted text key")
        .max(200),
      text(2000),
    )
    .refine((texts) => Object.keys(texts).length <= 1000, "at most 1000 texts"),
});

export const linksSection = z.object({
  supportChatKey: text(200).nullable().describe("The merchant's account at the support chat vendor"),
  supportEmail: z
    .string()
    .max(320)
    .regex(/^[^@\s]+@[^@\s]+$/, "an email address")
    .nullable(),
  supportUrl: z
    .string()
    .max(2000)
    .regex(/^https?:\/\/[^\s]+$/, "an https:// address")
    .nullable(),
  documents: z
    .array(
      z.object({
        key: z.string().regex(/^[a-z0-9-]{1,40}$/, "lower-case letters, digits, -"),
        title: text(200),
        url: link,
      }),
    )
    .max(20),
  social: z.array(z.object({ name: text(50), url: link })).max(20),
});

const cardProgram = z.object({ name: text(60), description: z.string().trim().max(300) });
/**
 * The card designs (spec §3's colours, by id: card-orders' CARD_DESIGNS) a program offers, at
 * least one; which ids exist the service checks, naming the field.
 */
const designIds = z.array(z.number().int()).min(1).max(20);
export const cardProgramsSection = z.object({
  CP_1: cardProgram.nullable().describe("null: the generic name"),
  CP_2: cardProgram.nullable(),
  designs: z
    .object({ CP_1: designIds, CP_2: designIds })
    // Absent (and in versions saved before designs could be chosen): every design.
    .optional()
    .describe("The card designs each program offers, by id (GET /v2/card/prices lists them); absent: all"),
});

/**
 * The fees of every pair the merchant prices (exchange, exchange into an IBAN, card order, card
 * pay-in and payout, card top-up: docs/quotes.md "Fee kinds"). Pairs are listed, not created here.
 */
export const feesSection = z.object({
  pairs: z
    .array(
      z.object({
        kind: z.enum(OFFER_KINDS),
        currencyFrom: z.string().max(12),
        currencyTo: z.string().max(12),
        fees: feeSettingsSchema,
      }),
    )
    .max(500),
});

/** An amount of the merchant's fiat currency as a decimal string ("1000.00"). */
const limitAmount = z.string().max(40).describe("A decimal of the merchant's fiat currency");
/** Limits per KYC level and operation (docs/kyc.md); an operation without a row moves no money. */
export const limitsSection = z.object({
  currency: z.string().max(12).describe("The merchant's fiat currency the amounts are in (read only)"),
  limits: z
    .array(
      z.object({
        kycLevel: z.enum(KYC_LEVELS),
        operationType: z.enum(OPERATION_TYPES),
        perTransaction: limitAmount,
        daily: limitAmount,
        monthly: limitAmount,
      }),
    )
    .max(KYC_LEVELS.length * OPERATION_TYPES.length),
});

type OperationsSection = z.infer<typeof operationsSection>;
export type BrandingSection = z.infer<typeof brandingSection>;
type TextsSection = z.infer<typeof textsSection>;
type LinksSection = z.infer<typeof linksSection>;
type CardProgramsSection = z.infer<typeof cardProgramsSection>;
type FeesSection = z.infer<typeof feesSection>;
type LimitsSection = z.infer<typeof limitsSection>;

export const SECTION_SCHEMAS = {
  operations: operationsSection,
  branding: brandingSection,
  texts: textsSection,
  links: linksSection,
  cardPrograms: cardProgramsSection,
  fees: feesSection,
  limits: limitsSection,
} as const satisfies Record<ConfigSection, z.ZodType>;

export type SectionState = {
  operations: OperationsSection;
  branding: BrandingSection;
  texts: TextsSection;
  links: LinksSection;
  cardPrograms: CardProgramsSection;
  fees: FeesSection;
  limits: LimitsSection;
};

/** The channel every instance LISTENs on; the payload is the merchant's id. */
export const CONFIG_CHANNEL = "merchant_config";
