/**
 * The one error type services throw. Each module declares its errors as a closed set with
 * `defineErrors`; the error handler turns any AppError into the one error body (docs/architecture.md "Errors").
 */
export type ErrorSpec = { status: number; errorId: number; message: string };

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly errorId: number;
  readonly field: string | undefined;
  readonly data: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: string,
    spec: ErrorSpec,
    extra: {
      message?: string;
      field?: string;
      data?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(extra.message ?? spec.message);
    this.code = code;
    this.status = spec.status;
    this.errorId = spec.errorId;
    this.field = extra.field;
    this.data = extra.data;
    this.headers = extra.headers;
  }
}

type Extra = ConstructorParameters<typeof AppError>[2];

/** A closed set of error codes: `errors.create("CODE", { field })` can only name a declared code. */
export function defineErrors<const T extends Record<string, ErrorSpec>>(specs: T) {
  return {
    specs,
    create(code: keyof T & string, extra?: Extra): AppError {
      return new AppError(code, specs[code] as ErrorSpec, extra);
    },
    is(err: unknown, code: keyof T & string): boolean {
      return err instanceof AppError && err.code === code;
    },
  };
}

/** Errors the HTTP layer itself produces, shared by every module. */
export const commonErrors = defineErrors({
  NOT_VALID_REQUEST_DATA: { status: 400, errorId: 422, message: "Some of the data is not valid." },
  NOT_FOUND: { status: 404, errorId: 404, message: "Not found." },
  UNAUTHORIZED: { status: 401, errorId: 401, message: "Please sign in again." },
  FORBIDDEN: { status: 403, errorId: 403, message: "This action is not allowed." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, errorId: 415, message: "This content type is not supported." },
  PAYLOAD_TOO_LARGE: { status: 413, errorId: 413, message: "The request is too large." },
  METHOD_NOT_ALLOWED: { status: 405, errorId: 405, message: "This method is not allowed here." },
  REQUEST_TIMEOUT: { status: 408, errorId: 408, message: "The request took too long. Please try again." },
  HEADERS_TOO_LARGE: { status: 431, errorId: 431, message: "The request headers are too large." },
  TOO_MANY_REQUESTS: { status: 429, errorId: 429, message: "Too many requests. Please try again later." },
  SERVICE_UNAVAILABLE: {
    status: 503,
    errorId: 503,
    message: "The service is unavailable. Please try again later.",
  },
  COMMON: { status: 500, errorId: 0, message: "Something went wrong. Please try again later." },
});
