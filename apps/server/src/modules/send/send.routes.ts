import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { commonErrors } from "../../http/app-error.ts";
import { moneyCallErrors } from "../../http/error-body.ts";
import { readIdempotency, sendStoredResponse } from "../../http/idempotency.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { sendErrors } from "./send.errors.ts";
import {
  feeQuery,
  feeResponse,
  sendBody,
  sendHeaders,
  sendResponse,
  validateBody,
  validateResponse,
} from "./send.schemas.ts";

/** Sending money by phone or to an address, and the fee and validate calls before it. */
export const sendRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { send } = deps.services;
    const session = { preHandler: authenticate(deps) };

    app.post(
      "/v1/wallet/send",
      {
        schema: {
          operationId: "send",
          tags: ["send"],
          description:
            "Sends to a customer of the same merchant by phone (TRANSFER_MOBILE: free, instant; with invite: true to a phone not yet a customer's, held for them to claim: PENDING with claim) or to an address (PAYOUT_CRYPTO: to a customer's deposit address of the same merchant instant and free, else on the chain, PENDING until confirmed). Needs an Idempotency-Key; a send above the merchant's threshold first answers 403 SEND_CONFIRMATION_REQUIRED (data.sendConfirmation) and texts a code, to be repeated with X-Confirmation-Code.",
          security: bearerSecurity,
          headers: sendHeaders,
          body: sendBody,
          response: { 200: sendResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        const customer = signedIn(req);
        const { idempotencyKey, requestHash } = readIdempotency(req, `customer:${customer.customerId}`);
        const { phone, address, amount, currency, fee, invite } = req.body;
        if (phone && address !== undefined) {
          throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
            field: "address",
            message: "address: give either address or phone",
          });
        }
        const merchant = await customerMerchant(deps, customer.merchantId);
        const common = {
          merchant,
          sender: customer,
          amount,
          currency,
          idempotencyKey,
          requestHash,
        };
        if (address !== undefined) {
          const confirmationCode = req.headers["x-confirmation-code"];
          const outcome = await send.sendToAddress({
            ...common,
            address,
            fee,
            confirmationCode,
            ip: req.ip,
          });
          return sendStoredResponse(reply, outcome);
        }
        if (!phone)
          throw sendErrors.create("RECIPIENT_NOT_FOUND", { field: "phone", message: "phone: is required" });
        return sendStoredResponse(reply, await send.sendToPhone({ ...common, phone: phone.digits, invite }));
      },
    );

    app.get(
      "/v1/wallet/send/fee/:currency",
      {
        schema: {
          operationId: "sendFee",
          tags: ["send"],
          description:
            "The fees of a send: network gas fee, transaction fee and fix fee, and whether it stays inside the merchant (INTERNAL: free) or goes on the chain (EXTERNAL).",
          security: bearerSecurity,
          params: z.object({ currency: z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code") }),
          querystring: feeQuery,
          response: { 200: feeResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => {
        const customer = signedIn(req);
        const { amount, address, phone, customerId } = req.query;
        // Another customer's id names nothing this caller may see.
        if (customerId !== undefined && customerId !== customer.customerId)
          throw commonErrors.create("NOT_FOUND");
        return send.fee({
          merchant: await customerMerchant(deps, customer.merchantId),
          senderId: customer.customerId,
          currency: req.params.currency,
          amount,
          address,
          phone: phone?.digits,
        });
      },
    );

    app.post(
      "/v1/wallet/send/validate",
      {
        schema: {
          operationId: "sendValidate",
          tags: ["send"],
          description:
            "Whether a send would go through now (address of the network, minimum, balance with fees, KYC and limits), with the reason when not. Records nothing.",
          security: bearerSecurity,
          body: validateBody,
          response: { 200: validateResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => {
        const customer = signedIn(req);
        const { address, phone, amount, currency, invite } = req.body;
        return send.validate({
          invite,
          merchant: await customerMerchant(deps, customer.merchantId),
          senderId: customer.customerId,
          currency,
          amount,
          address,
          phone: phone?.digits,
        });
      },
    );
  };
