import { z } from "zod";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date, YYYY-MM-DD")
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: "a real calendar date, YYYY-MM-DD",
    },
  );

export const statementQuery = z.object({
  from: day.describe("First day of the statement (UTC), YYYY-MM-DD"),
  to: day.describe("Last day of the statement (UTC, included), YYYY-MM-DD; at most 5 years after from"),
  format: z.enum(["pdf", "csv"]).default("pdf"),
});

export const receiptParams = z.object({ operationId: z.uuid() });

/** A binary file: the OpenAPI names its media type, the body is not JSON. */
export const fileBody = z.string().meta({ format: "binary" });
