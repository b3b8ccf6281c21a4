import { z } from "zod";

/** The one error body of every call (docs/architecture.md "Errors"); documented on every route. */
export const errorBodySchema = z
  .object({
    error: z.string().describe("Stable machine code, e.g. NOT_VALID_REQUEST_DATA"),
    errorId: z.number().int().describe("Stable numeric code"),
    message: z.string().describe("Text a customer can read"),
    field: z.string().optional().describe("The request field at fault"),
    data: z.record(z.string(), z.unknown()).optional(),
    requestId: z.string().describe("Quote it to support"),
  })
  .meta({ id: "ErrorBody" });

export type ErrorBody = z.infer<typeof errorBodySchema>;
