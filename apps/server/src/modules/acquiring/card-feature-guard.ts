import type { preHandlerAsyncHookHandler } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { signedIn } from "../../plugins/authenticate.ts";

/**
 * A preHandler (after `authenticate`) for the card calls that come before any price: saving a
 * card and the data call. With the merchant's card pay-in or payout switched off (its feature
 * flags, or the catalog's DISABLED) they are refused like the priced calls are (403
 * OPERATION_DISABLED, reason DISABLED), instead of answering for a feature that is not there.
 * Maintenance and the customer's KYC level do not refuse them: pricing and paying judge those.
 */
export function cardFeatureOffered(
  deps: AppDeps,
  operationType: "PAYIN_CARD" | "PAYOUT_CARD",
): preHandlerAsyncHookHandler {
  return async (req) => {
    await deps.services.catalog.assertOffered(signedIn(req).merchantId, operationType);
  };
}
