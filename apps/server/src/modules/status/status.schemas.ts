import { z } from "zod";
import { OPERATION_TYPES } from "../../db/schema/index.ts";
import { COMPONENT_STATES } from "./status.types.ts";

const statusComponent = z
  .object({
    feature: z.enum(OPERATION_TYPES).describe("The operation type (the catalog's)"),
    name: z.string().describe("Its display name"),
    state: z.enum(COMPONENT_STATES),
    since: z
      .string()
      .nullable()
      .describe("ISO time it became so; null while OPERATIONAL, and while UNAVAILABLE (not connected here)"),
    message: z.string().nullable().describe("Why, for customers; null while OPERATIONAL"),
  })
  .meta({ id: "StatusComponent" });

export const statusResponse = z
  .object({
    components: z
      .array(statusComponent)
      .describe("Every feature the merchant offers, in the catalog's order (DISABLED ones left out)"),
  })
  .meta({ id: "StatusResponse" });
