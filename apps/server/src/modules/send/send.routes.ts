import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { readIdempotency, sendStoredResponse } from "../ledger/idempotency.http.ts";
import { sendErrors } from "./send.errors.ts";
import { sendBody, sendResponse } from "./send.schemas.ts";

/** Sending money: by phone now; to a wallet address with the crypto wallets capability. */
export const sendRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/v1/wallet/send",
      {
        schema: {
          operationId: "send",
          tags: ["send"],
          description:
            "Sends money to a customer of the same merchant by phone (free, instant). Needs an Idempotency-Key.",
          security: bearerSecurity,
          headers: z.object({ "idempotency-key": z.string().optional() }),
          body: sendBody,
          response: {
            200: sendResponse,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            422: errorBodySchema,
          },
        },
        preHandler: authenticate(deps),
      },
      async (req, reply) => {
        const customer = signedIn(req);
        const { idempotencyKey, requestHash } = readIdempotency(req, `customer:${customer.customerId}`);
        const { phone, address, amount, currency } = req.body;
        if (address !== undefined) throw sendErrors.create("ADDRESS_NOT_AVAILABLE", { field: "address" });
        if (!phone)
          throw sendErrors.create("RECIPIENT_NOT_FOUND", { field: "phone", message: "phone: is required" });
        const outcome = await deps.services.send.sendToPhone({
          merchant: await customerMerchant(deps, customer.merchantId),
          senderId: customer.customerId,
          phone: phone.digits,
          amount,
          currency,
          idempotencyKey,
          requestHash,
        });
        return sendStoredResponse(reply, outcome);
      },
    );
  };
