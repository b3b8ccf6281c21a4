/** The one error body every server call answers with (see docs/architecture.md, "Errors"). */
export interface ApiErrorBody {
  error: string;
  errorId?: number;
  message: string;
  field?: string;
  data?: unknown;
  requestId?: string;
}

/** A failed call: the HTTP status plus the server's error body, so the UI can show `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly requestId: string | undefined;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = body.error;
    this.field = body.field;
    this.requestId = body.requestId;
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.error === "string" && typeof candidate.message === "string";
}

/** Builds an ApiError from whatever a failed response carried (a proxy may answer with HTML). */
export function toApiError(status: number, body: unknown, fallbackMessage: string): ApiError {
  if (isErrorBody(body)) return new ApiError(status, body);
  return new ApiError(status, { error: "HTTP_ERROR", message: fallbackMessage });
}
