import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { moneyCallErrors } from "../../http/error-body.ts";
import { readIdempotency, sendStoredResponse } from "../../http/idempotency.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import {
  createOfferBody,
  executeOfferHeaders,
  executeOfferResponse,
  offerResponse,
  updateOfferBody,
} from "../quotes/index.ts";
import {
  addressBody,
  constantsResponse,
  historyQuery,
  historyResponse,
  ibanParams,
  ibanRequestResponse,
  listResponse,
  ok,
  personalInfoBody,
  personalInfoResponse,
  recipientBody,
  recipientParams,
  recipientResponse,
  recipientsResponse,
  requestParams,
  withdrawBody,
  withdrawDataResponse,
  withdrawHeaders,
  withdrawResponse,
} from "./iban.schemas.ts";

const tags = ["iban"];

/** IBAN accounts (spec §7 IBAN, IBAN history; docs/iban.md). Every call is the signed-in customer's. */
export const ibanRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { iban } = deps.services;
    const session = { preHandler: authenticate(deps) };
    const owner = async (req: Parameters<typeof signedIn>[0]) => {
      const c = signedIn(req);
      return { merchant: await customerMerchant(deps, c.merchantId), customerId: c.customerId };
    };
    const noStore = { "cache-control": "no-store" };

    app.get(
      "/v2/iban/additional-personal-info/constants",
      {
        schema: {
          operationId: "getIbanPersonalInfoConstants",
          tags,
          description:
            "The order's allowed answers and the 27 EU countries. 403 IBAN_NOT_OFFERED where the merchant does not offer IBANs.",
          security: bearerSecurity,
          response: { 200: constantsResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => iban.constants(await owner(req)),
    );

    app.get(
      "/v2/iban/additional-personal-info",
      {
        schema: {
          operationId: "getIbanPersonalInfo",
          tags,
          description: "The IBAN order's answers so far (Additional information and Billing address).",
          security: bearerSecurity,
          response: { 200: personalInfoResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.headers(noStore);
        return iban.personalInfo(await owner(req));
      },
    );

    app.post(
      "/v2/iban/additional-personal-info",
      {
        schema: {
          operationId: "saveIbanPersonalInfo",
          tags,
          description:
            "The order's Additional information step: US link, income sources, monthly turnover, tax country and id. Closes the ADDITIONAL_PERSONAL_INFO and TAXID steps.",
          security: bearerSecurity,
          body: personalInfoBody,
          response: { 200: ok, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => iban.savePersonalInfo(await owner(req), req.body),
    );

    app.post(
      "/v2/iban/addresses",
      {
        schema: {
          operationId: "saveIbanAddress",
          tags,
          description: "The order's Billing address step. Closes the ADDRESS step.",
          security: bearerSecurity,
          body: addressBody,
          response: { 200: ok, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => iban.saveAddress(await owner(req), req.body),
    );

    app.post(
      "/v2/iban/iban-requests",
      {
        schema: {
          operationId: "createIbanRequest",
          tags,
          description:
            "Starts an IBAN order, or answers the unfinished one (the flow resumes where it stopped) with its open steps. Residents of the 27 EU countries only (403 COUNTRY_NOT_ELIGIBLE); one IBAN per customer (409).",
          security: bearerSecurity,
          response: { 200: ibanRequestResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => iban.createRequest(await owner(req)),
    );

    app.get(
      "/v2/iban/iban-requests/:ibanRequestId/cancel",
      {
        schema: {
          operationId: "cancelIbanRequest",
          tags,
          description:
            "Cancels an open IBAN order. An issued one cannot be cancelled (409); 403 IBAN_NOT_OFFERED where the merchant does not offer IBANs.",
          security: bearerSecurity,
          params: requestParams,
          response: { 200: ok, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => iban.cancelRequest(await owner(req), req.params.ibanRequestId),
    );

    app.get(
      "/v2/iban/list",
      {
        schema: {
          operationId: "listIbans",
          tags,
          description:
            "Whether the customer may order an IBAN (and why not), the live order with its open steps (additionalStatuses), and the issued IBAN with its balance. An issued IBAN is listed even when the customer may no longer order one (eligible false, with the reason).",
          security: bearerSecurity,
          response: { 200: listResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.headers(noStore);
        return iban.list(await owner(req));
      },
    );

    app.get(
      "/v2/iban/recipients",
      {
        schema: {
          operationId: "listIbanRecipients",
          tags,
          description:
            "The saved recipients: while the merchant offers IBANs, or to a customer holding an issued IBAN (its withdrawals go on).",
          security: bearerSecurity,
          response: { 200: recipientsResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.headers(noStore);
        return iban.listRecipients(await owner(req));
      },
    );

    app.post(
      "/v2/iban/recipients",
      {
        schema: {
          operationId: "createIbanRecipient",
          tags,
          description:
            "Saves a recipient: the IBAN (SEPA area, check digits) and BIC are validated; 400 names the field. 403 IBAN_NOT_OFFERED while the merchant does not offer IBANs, unless the customer holds an issued IBAN (its money must be able to leave).",
          security: bearerSecurity,
          body: recipientBody,
          response: { 200: recipientResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => iban.createRecipient(await owner(req), req.body),
    );

    app.delete(
      "/v2/iban/recipients/:id",
      {
        schema: {
          operationId: "deleteIbanRecipient",
          tags,
          description: "Removes a saved recipient; allowed as listing them is.",
          security: bearerSecurity,
          params: recipientParams,
          response: { 200: ok, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => iban.deleteRecipient(await owner(req), req.params.id),
    );

    app.get(
      "/v2/iban/:ibanId/withdraw/data",
      {
        schema: {
          operationId: "getIbanWithdrawData",
          tags,
          description: "What a withdrawal from this IBAN may be: balance, fee, bounds.",
          security: bearerSecurity,
          params: ibanParams,
          response: { 200: withdrawDataResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.headers(noStore);
        const o = await owner(req);
        return iban.withdrawData(o.merchant, o.customerId, req.params.ibanId);
      },
    );

    app.post(
      "/v2/iban/:ibanId/withdraw",
      {
        schema: {
          operationId: "withdrawFromIban",
          tags,
          description:
            "A SEPA credit transfer to a saved recipient (WITHDRAW_IBAN). Confirmed by SMS: without X-Confirmation-Code the call texts a code and answers 403 CONFIRMATION_REQUIRED; repeat it with the same Idempotency-Key and body and the code. PENDING until the bank executes it (COMPLETED) or returns it (refunded). An issued IBAN's money may be withdrawn even when the merchant no longer offers IBANs.",
          security: bearerSecurity,
          headers: withdrawHeaders,
          params: ibanParams,
          body: withdrawBody,
          response: { 200: withdrawResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        const customer = signedIn(req);
        const { idempotencyKey, requestHash } = readIdempotency(req, `customer:${customer.customerId}`);
        const o = await owner(req);
        const code = req.headers["x-confirmation-code"];
        const outcome = await iban.withdraw({
          merchant: o.merchant,
          customer,
          ibanId: req.params.ibanId,
          ...req.body,
          confirmationCode: typeof code === "string" && code.length > 0 ? code : undefined,
          ip: req.ip,
          idempotencyKey,
          requestHash,
        });
        return sendStoredResponse(reply, outcome);
      },
    );

    app.get(
      "/v2/history/iban/:ibanId",
      {
        schema: {
          operationId: "getIbanHistory",
          tags: ["history"],
          description:
            "The IBAN's own history: SEPA transfers in and out, exchanges into it; newest first. Readable whatever the merchant offers now.",
          security: bearerSecurity,
          params: ibanParams,
          querystring: historyQuery,
          response: { 200: historyResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        reply.headers(noStore);
        return iban.history(await owner(req), req.params.ibanId, req.query);
      },
    );

    // EXCHANGE_IBAN: our calls (the spec lists the operation, not its paths), shaped like exchange's.
    app.post(
      "/v2/iban/:ibanId/exchange/offer",
      {
        schema: {
          operationId: "createIbanExchangeOffer",
          tags,
          description:
            "An offer from a wallet's currency into the IBAN's EUR (currencyTo EUR), valid 20 seconds. Money in: 403 while the merchant does not offer IBANs or the customer lives outside the EU.",
          security: bearerSecurity,
          params: ibanParams,
          body: createOfferBody,
          response: { 200: offerResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => iban.createExchangeOffer(await owner(req), req.params.ibanId, req.body),
    );

    app.put(
      "/v2/iban/:ibanId/exchange/offer",
      {
        schema: {
          operationId: "updateIbanExchangeOffer",
          tags,
          description: "Re-prices the customer's open EXCHANGE_IBAN offer.",
          security: bearerSecurity,
          params: ibanParams,
          body: updateOfferBody,
          response: { 200: offerResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req) => iban.updateExchangeOffer(await owner(req), req.params.ibanId, req.body),
    );

    app.put(
      "/v2/iban/:ibanId/exchange/offer/:offerId",
      {
        schema: {
          operationId: "executeIbanExchangeOffer",
          tags,
          description: "Executes the offer once: the wallet pays, the IBAN's EUR balance receives.",
          security: bearerSecurity,
          headers: executeOfferHeaders,
          params: ibanParams.extend({ offerId: z.uuid() }),
          response: { 200: executeOfferResponse, ...moneyCallErrors },
        },
        ...session,
      },
      async (req, reply) => {
        const customer = signedIn(req);
        const { idempotencyKey, requestHash } = readIdempotency(req, `customer:${customer.customerId}`);
        const outcome = await iban.executeExchangeOffer({
          owner: await owner(req),
          customer,
          ibanId: req.params.ibanId,
          offerId: req.params.offerId,
          idempotencyKey,
          requestHash,
        });
        return sendStoredResponse(reply, outcome);
      },
    );
  };
