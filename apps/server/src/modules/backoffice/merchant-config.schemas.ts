import { z } from "zod";
import { OPERATION_TYPES } from "../../db/schema/index.ts";
import { CONFIG_SECTIONS } from "../../db/schema/merchant-config.ts";
import {
  brandingSection,
  cardProgramsSection,
  feesSection,
  limitsSection,
  linksSection,
  operationsSection,
  textsSection,
} from "../merchant-config/index.ts";

const reason = z
  .string()
  .trim()
  .max(500)
  .optional()
  .describe("Why, for the version list and the audit trail");

export const operationsBody = operationsSection.extend({ reason }).meta({ id: "AdminConfigOperations" });
export const brandingBody = brandingSection.extend({ reason }).meta({ id: "AdminConfigBranding" });
export const textsBody = textsSection.extend({ reason }).meta({ id: "AdminConfigTexts" });
export const linksBody = linksSection.extend({ reason }).meta({ id: "AdminConfigLinks" });
export const cardProgramsBody = cardProgramsSection
  .extend({ reason })
  .meta({ id: "AdminConfigCardPrograms" });
export const feesBody = feesSection.extend({ reason }).meta({ id: "AdminConfigFees" });
export const limitsBody = limitsSection.extend({ reason }).meta({ id: "AdminConfigLimits" });

const configVersionSchema = z
  .object({
    version: z.number().int(),
    section: z.enum(CONFIG_SECTIONS),
    before: z.record(z.string(), z.unknown()),
    after: z.record(z.string(), z.unknown()),
    operatorId: z.uuid().nullable(),
    operatorEmail: z.string().nullable(),
    reason: z.string().nullable(),
    restoredVersion: z.number().int().nullable().describe("The version this one rolled back to"),
    createdAt: z.string(),
  })
  .meta({ id: "AdminConfigVersion" });

export const configResponse = z
  .object({
    operations: operationsSection,
    branding: brandingSection,
    texts: textsSection,
    links: linksSection,
    cardPrograms: cardProgramsSection,
    fees: feesSection,
    limits: limitsSection,
    operationNames: z
      .record(z.enum(OPERATION_TYPES), z.string())
      .describe("Each operation type's display name, as customers see it (read only)"),
  })
  .meta({ id: "AdminConfig" });

export const changeResponse = z
  .object({ version: configVersionSchema.nullable().describe("null: the section was already so") })
  .meta({ id: "AdminConfigChange" });

export const versionsQuery = z.object({
  section: z.enum(CONFIG_SECTIONS).optional(),
  before: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional()
    .describe("Versions older than this one"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const versionsResponse = z
  .object({ versions: z.array(configVersionSchema) })
  .meta({ id: "AdminConfigVersions" });

export const versionParams = z.object({ version: z.coerce.number().int().min(1).max(2_147_483_647) });
export const rollbackBody = z.object({ reason }).meta({ id: "AdminConfigRollback" });
