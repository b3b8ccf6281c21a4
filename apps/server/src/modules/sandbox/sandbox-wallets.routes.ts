import { isCurrencyCode } from "@kestrel/money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { amountInput, parseAmountField } from "../../http/amount-input.ts";
import { commonErrors } from "../../http/app-error.ts";
import { errorResponses } from "../../http/error-body.ts";
import { readIdempotency, sendStoredResponse } from "../../http/idempotency.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import { phoneSchema } from "../auth/index.ts";

const creditBody = z
  .object({ phone: phoneSchema, currency: z.string().regex(/^[A-Z]{2,6}$/), amount: amountInput })
  .strict();

/**
 * A sandbox faucet: money arrives in a customer's wallet from the merchant's chain hot wallet,
 * through the ledger like any deposit (idempotent, all or nothing). The chain simulator of the
 * crypto-wallets capability replaces it for deposits with confirmations.
 */
export const sandboxWalletsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/sandbox/wallets/credit",
      {
        schema: {
          operationId: "sandboxCredit",
          tags: ["sandbox"],
          headers: z.object({ "idempotency-key": z.string().optional() }),
          body: creditBody,
          response: {
            200: z.object({ operationId: z.uuid(), amount: z.string(), currency: z.string() }),
            // 409: the idempotency key's (in progress, or reused with another body).
            ...errorResponses(400, 404, 409, 422),
          },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        const { idempotencyKey, requestHash } = readIdempotency(req, `sandbox:${merchant.id}`);
        const { currency, phone } = req.body;
        if (!isCurrencyCode(currency) || !merchant.currencies.includes(currency)) {
          throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
            field: "currency",
            message: "currency: is not offered",
          });
        }
        const amount = parseAmountField("amount", req.body.amount, currency);
        const customer = await deps.services.customers.findByPhone(merchant.id, phone.digits);
        if (!customer)
          throw commonErrors.create("NOT_FOUND", { field: "phone", message: "No customer with this phone." });
        const outcome = await deps.services.sandboxCredit.credit({
          merchantId: merchant.id,
          customerId: customer.id,
          currency,
          amount,
          idempotencyKey,
          requestHash,
        });
        return sendStoredResponse(reply, outcome);
      },
    );
  };
