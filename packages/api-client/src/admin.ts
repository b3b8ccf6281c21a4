import type { paths } from "@kestrel/api-contract";
import createClient, { type Middleware } from "openapi-fetch";

/** Only the back-office's calls: /admin/v1/... */
type AdminPaths = { [P in keyof paths as P extends `/admin/v1/${string}` ? P : never]: paths[P] };

export type AdminClientOptions = {
  /** Base URL of the Kestrel API ("" for the same origin, where the session cookie lives). */
  apiBaseUrl: string;
  /** The session's CSRF token (from sign-in or GET /admin/v1/me): sent on calls that change something. */
  getCsrfToken: () => string | undefined;
  /** A platform admin's chosen merchant, sent as X-Merchant-ID (a merchant's operator needs none). */
  getMerchantId?: () => string | undefined;
  /** Told of a 401: the session ended (idle, too old, signed out elsewhere). */
  onSignedOut?: () => void;
  fetch?: typeof globalThis.fetch;
};

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The back-office's typed client over the same contract. The session is an HttpOnly cookie the
 * browser sends by itself; this adds the CSRF token and the merchant header, and reports a 401.
 */
export function createAdminClient(options: AdminClientOptions) {
  const client = createClient<AdminPaths>({
    baseUrl: options.apiBaseUrl,
    credentials: "same-origin",
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const middleware: Middleware = {
    onRequest({ request }) {
      const csrf = options.getCsrfToken();
      if (csrf && !SAFE.has(request.method)) request.headers.set("x-csrf-token", csrf);
      const merchantId = options.getMerchantId?.();
      if (merchantId) request.headers.set("x-merchant-id", merchantId);
      return request;
    },
    onResponse({ request, response }) {
      if (response.status === 401 && !request.url.includes("/admin/v1/auth/")) options.onSignedOut?.();
      return response;
    },
  };
  client.use(middleware);
  return client;
}
