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

/** Dates as operators read them: local date and time, to the minute. */
export function when(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}
