import type { FastifyRequest } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import {
  assertTokenMerchant,
  authenticationHook,
  bearerToken,
  verifiedCustomer,
} from "../../plugins/authenticate.ts";
import { authErrors } from "../auth/index.ts";

/** Who calls a KYC route: the widget (its own token) or the signed-in app (an access token). */
export type KycCaller = { customerId: string; merchantId: string; via: "widget" | "session" };

const callers = new WeakMap<FastifyRequest, KycCaller>();

/**
 * Authentication hook of the calls the widget makes (status, uploads, submit): a widget token from
 * POST /v5/kyc/start, or else a customer's access token, either issued for the merchant this
 * request speaks for. Anything else is 401 INVALID_TOKEN, which the widget answers by asking its
 * host for a new token.
 */
export function authenticateKycCaller(deps: AppDeps) {
  return authenticationHook(async (req) => {
    const token = bearerToken(req);
    const widget = await deps.services.kyc.widgetTokens.verify(token);
    if (widget) {
      // Bound to its merchant as access tokens are. The widget sends no X-Merchant-ID: its calls
      // go to the origin it is served from, and that host name names the merchant (the web app
      // serves it from its own origin; a merchant's page frames it from that merchant's host).
      await assertTokenMerchant(deps, req, widget.merchantId);
      callers.set(req, { customerId: widget.customerId, merchantId: widget.merchantId, via: "widget" });
      return;
    }
    const session = await verifiedCustomer(deps, req, token);
    callers.set(req, { customerId: session.customerId, merchantId: session.merchantId, via: "session" });
  });
}

export function kycCaller(req: FastifyRequest): KycCaller {
  const caller = callers.get(req);
  if (!caller) throw authErrors.create("INVALID_TOKEN");
  return caller;
}
