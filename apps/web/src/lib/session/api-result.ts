import { ApiError, toApiError } from "../http/api-error.ts";

/** A refused call, with the seconds the server asked us to wait (429 Retry-After), if any. */
export class ApiCallError extends ApiError {
  readonly retryAfterSeconds: number | undefined;

  constructor(error: ApiError, retryAfterSeconds: number | undefined) {
    super(error.status, {
      error: error.code,
      message: error.message,
      field: error.field,
      requestId: error.requestId,
    });
    this.name = "ApiCallError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const NETWORK_MESSAGE = "We couldn't reach the server. Check your connection and try again.";

/**
 * The data of a typed-client call, or an ApiCallError carrying the server's message and field.
 * A call that never got an answer becomes a status-0 error with a plain message (spec §8).
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    throw new ApiCallError(new ApiError(0, { error: "NETWORK_ERROR", message: NETWORK_MESSAGE }), undefined);
  }
  const { data, error, response } = result;
  if (response.ok) return data as T;
  const retryAfter = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  throw new ApiCallError(
    toApiError(response.status, error, response.statusText || `HTTP ${response.status}`),
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
