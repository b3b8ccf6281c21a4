import type { paths } from "@kestrel/api-contract";
// The contract's call index (operationId, parameters, security per call), not the whole document.
import openapi from "@kestrel/api-contract/calls.json" with { type: "json" };
import createClient, { type Middleware } from "openapi-fetch";
import { requiredParamsMiddleware } from "./required-params.ts";
import { bearerOperations, type Session, sessionMiddleware } from "./session.ts";

/** The error body every failed call carries (docs/architecture.md "Errors"). */
export type ApiErrorBody = {
  error: string;
  errorId: number;
  message: string;
  field?: string;
  data?: Record<string, unknown>;
  requestId: string;
};

export type ClientOptions = {
  /** Base URL of the Kestrel API ("" for the same origin). */
  apiBaseUrl: string;
  /** Base URL of the merchant configuration service (/web/*, /location); the API's by default. */
  configBaseUrl?: string;
  /** The signed-in customer's access token, if any: sent as a bearer token on every call. */
  getAccessToken?: () => string | undefined;
  /**
   * A signed-in session (see session.ts): its token goes only on the calls the contract marks
   * as signed-in, and a 401 there is answered by one shared refresh and a retry.
   */
  session?: Session;
  /** The merchant (merchantData.merchantBackendId), sent as X-Merchant-ID once known. */
  getMerchantId?: () => string | undefined;
  fetch?: typeof globalThis.fetch;
};

/** Typed clients for the API and the configuration service, both over the generated contract. */
export function createKestrelClient(options: ClientOptions) {
  const common = [requiredParamsMiddleware(openapi as never), headersMiddleware(options)];
  // Last, so that its retry copy carries every header the others set.
  if (options.session) common.push(sessionMiddleware(options.session, bearerOperations(openapi as never)));
  const make = (baseUrl: string) => {
    const client = createClient<paths>({ baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
    for (const m of common) client.use(m);
    return client;
  };
  return { api: make(options.apiBaseUrl), config: make(options.configBaseUrl ?? options.apiBaseUrl) };
}

export type KestrelClient = ReturnType<typeof createKestrelClient>;

function headersMiddleware(options: ClientOptions): Middleware {
  return {
    onRequest({ request }) {
      const token = options.getAccessToken?.();
      if (token && !request.headers.has("authorization"))
        request.headers.set("authorization", `Bearer ${token}`);
      const merchantId = options.getMerchantId?.();
      if (merchantId && !request.headers.has("x-merchant-id"))
        request.headers.set("x-merchant-id", merchantId);
      return request;
    },
  };
}

/** True when a failed call's body is the API's error body. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ApiErrorBody).error === "string" &&
    typeof (value as ApiErrorBody).message === "string"
  );
}
