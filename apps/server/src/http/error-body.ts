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

/** The statuses a route may document with the error body (docs/architecture.md "Errors"). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** A route's error responses: each named status answers the one error body. */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): { [K in S]: typeof errorBodySchema } {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as {
    [K in S]: typeof errorBodySchema;
  };
}

/**
 * What a signed-in call that moves or prices money answers besides its success: bad input,
 * session, KYC level or switch, not found, a conflict (idempotency, a changed offer), a limit,
 * too many requests, the database or a provider unavailable.
 */
export const moneyCallErrors = errorResponses(400, 401, 403, 404, 409, 422, 429, 503);
