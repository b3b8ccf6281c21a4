import { isApiErrorBody } from "./client.ts";

/** What an ApiError is built from: the server's one error shape (docs/architecture.md, "Errors"). */
export type ApiErrorFields = { error: string; message: string; field?: string; requestId?: string };

/**
 * A refused call, as both apps handle it: the HTTP status (0 when no answer came), the server's
 * code, message and field, and the seconds it asked us to wait (429 Retry-After), if any.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: ApiErrorFields, retryAfterSeconds?: number) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = body.error;
    this.field = body.field;
    this.requestId = body.requestId;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Builds an ApiError from whatever a failed response carried (a proxy may answer with HTML). */
export function toApiError(
  status: number,
  body: unknown,
  fallbackMessage: string,
  retryAfterSeconds?: number,
) {
  const fields = isApiErrorBody(body) ? body : { error: "HTTP_ERROR", message: fallbackMessage };
  return new ApiError(status, fields, retryAfterSeconds);
}

const NETWORK_MESSAGE = "We couldn't reach the server. Check your connection and try again.";

/**
 * The data of a typed-client call, or an ApiError carrying the server's message and field.
 * A call that never got an answer becomes a status-0 NETWORK_ERROR with a plain message (spec §8).
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw new ApiError(0, { error: "NETWORK_ERROR", message: NETWORK_MESSAGE });
  }
  const { data, error, response } = result;
  if (response.ok) return data as T;
  const retryAfter = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  throw toApiError(
    response.status,
    error,
    response.statusText || `HTTP ${response.status}`,
    Number.isFinite(retryAfter) ? retryAfter : undefined,
  );
}

/**
 * The server's messages for a bad field read "firstName: must not be empty"; shown under the
 * field itself, the field name in front only repeats the label.
 */
export function fieldMessage(error: ApiError): string {
  const prefix = `${error.field}: `;
  const text =
    error.field && error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
