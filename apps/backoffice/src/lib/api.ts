import { createAdminClient } from "@kestrel/api-client/admin";

/** The session's CSRF token and a platform admin's chosen merchant: kept for the client's headers. */
let csrfToken: string | undefined;
const MERCHANT_KEY = "kestrel.backoffice.merchant";
const signedOutListeners = new Set<() => void>();

export const session = {
  setCsrfToken(token: string | undefined) {
    csrfToken = token;
  },
  merchantId: () => localStorage.getItem(MERCHANT_KEY) ?? undefined,
  setMerchantId(id: string) {
    localStorage.setItem(MERCHANT_KEY, id);
  },
  onSignedOut(listener: () => void) {
    signedOutListeners.add(listener);
    return () => {
      signedOutListeners.delete(listener);
    };
  },
};

export const api = createAdminClient({
  apiBaseUrl: "",
  getCsrfToken: () => csrfToken,
  getMerchantId: session.merchantId,
  onSignedOut: () => {
    for (const l of signedOutListeners) l();
  },
});

/** A failed call's error body (docs: every admin call answers the one error shape). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** The data of a call, or an ApiError with the server's message. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const body = (error ?? {}) as { error?: string; message?: string; field?: string };
  throw new ApiError(
    response.status,
    body.error ?? "UNKNOWN",
    body.message ?? "Something went wrong.",
    body.field,
  );
}

/** Dates as operators read them: local date and time, to the minute. */
export function when(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}
