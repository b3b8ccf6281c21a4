import { isCurrencyCode } from "@kestrel/money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { rateToString } from "./rates.service.ts";

const fiatRate = z
  .object({
    baseCurrency: z.string(),
    symbolCurrency: z.string(),
    rate: z.string().describe("Mid-market: units of symbolCurrency for one baseCurrency"),
    bid: z.string().describe("The merchant buys baseCurrency at this rate"),
    ask: z.string().describe("The merchant sells baseCurrency at this rate"),
    timestamp: z.string(),
  })
  .meta({ id: "FiatRate" });

/** Rates of every currency the merchant offers against its fiat currency, with its spread. */
export const ratesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/v3/payin/fiat-rates",
      {
        schema: {
          operationId: "getFiatRates",
          tags: ["rates"],
          security: bearerSecurity,
          response: { 200: z.array(fiatRate), 401: errorBodySchema },
        },
        preHandler: authenticate(deps),
      },
      async (req, reply) => {
        const merchant = await customerMerchant(deps, signedIn(req).merchantId);
        const fiat = merchant.fiatCurrency;
        if (!isCurrencyCode(fiat)) throw new Error(`merchant ${merchant.id} has an unknown fiat currency`);
        const at = new Date();
        reply.header("cache-control", "no-store");
        return merchant.currencies
          .filter((c) => c !== fiat)
          .filter(isCurrencyCode)
          .map((code) => {
            const q = deps.services.rates.quote(code, fiat, merchant.fxSpreadBps, at);
            return {
              baseCurrency: code,
              symbolCurrency: fiat,
              rate: rateToString(q.mid),
              bid: rateToString(q.bid),
              ask: rateToString(q.ask),
              timestamp: q.at.toISOString(),
            };
          });
      },
    );
  };
