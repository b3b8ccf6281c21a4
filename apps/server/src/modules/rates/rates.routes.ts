import { isCurrencyCode } from "@kestrel/money";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { customerMerchant } from "../../http/request-merchant.ts";
import { authenticate, bearerSecurity, signedIn } from "../../plugins/authenticate.ts";
import { HISTORY_STEPS, rateToString } from "./rates.service.ts";

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

const code = z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code like BTC");

const rateHistoryQuery = z.object({
  from: code.describe("The currency priced (one unit of it)"),
  to: code.describe("The currency it is priced in"),
  hours: z.coerce
    .number()
    .int("must be a whole number of hours")
    .min(1, "must be at least 1")
    .max(168, "must be at most 168")
    .default(24)
    .describe("How far back (1 to 168 hours)"),
});

const rateHistory = z
  .object({
    from: z.string(),
    to: z.string(),
    points: z
      .array(
        z.object({
          at: z.string(),
          rate: z.string().describe("Mid-market: units of `to` for one `from`"),
        }),
      )
      .describe(
        `${HISTORY_STEPS + 1} moments evenly spread over the hours asked, oldest first, the last now`,
      ),
  })
  .meta({ id: "RateHistory" });

/** Rates of every currency the merchant offers against its fiat currency, with its spread. */
export const ratesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/v2/rates/history",
      {
        schema: {
          operationId: "getRateHistory",
          tags: ["rates"],
          description:
            "A pair's recent mid-market rate, from the rates provider's own history (nothing is sampled or stored).",
          security: bearerSecurity,
          querystring: rateHistoryQuery,
          response: { 200: rateHistory, 400: errorBodySchema, 401: errorBodySchema },
        },
        preHandler: authenticate(deps),
      },
      async (req, reply) => {
        const merchant = await customerMerchant(deps, signedIn(req).merchantId);
        const { from, to, hours } = req.query;
        const points = deps.services.rates.history({
          offered: merchant.currencies,
          from,
          to,
          hours,
          now: new Date(),
        });
        reply.header("cache-control", "no-store");
        return {
          from,
          to,
          points: points.map((p) => ({ at: p.at.toISOString(), rate: rateToString(p.rate) })),
        };
      },
    );
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
