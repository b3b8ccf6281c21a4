import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app-deps.ts";
import { notModifiedResponse, sendCacheable } from "../../http/cacheable.ts";
import { errorBodySchema } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import {
  countriesQuery,
  countriesResponse,
  currenciesResponse,
  operationsResponse,
  optionalMerchantHeader,
  requiredMerchantHeader,
  statesQuery,
  statesResponse,
} from "./catalog.schemas.ts";

const tags = ["catalog"];

/** Reference lists (countries, states, currencies) and the merchant's operations catalog. */
export const catalogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { catalog } = deps.services;

    app.get(
      "/v1/catalog/countries",
      {
        schema: {
          operationId: "getCatalogCountries",
          tags,
          querystring: countriesQuery,
          response: { 200: countriesResponse, 400: errorBodySchema, ...notModifiedResponse },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        return sendCacheable(req, reply, { data: catalog.listCountries(merchant, req.query.type) });
      },
    );

    app.get(
      "/v1/catalog/countries/states",
      {
        schema: {
          operationId: "getCatalogCountryStates",
          tags,
          querystring: statesQuery,
          response: { 200: statesResponse, 400: errorBodySchema, ...notModifiedResponse },
        },
      },
      async (req, reply) => sendCacheable(req, reply, { data: [...catalog.listStates(req.query.country)] }),
    );

    app.get(
      "/v1/catalog/currencies",
      {
        schema: {
          operationId: "getCatalogCurrencies",
          tags,
          response: { 200: currenciesResponse, 400: errorBodySchema, ...notModifiedResponse },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        return sendCacheable(req, reply, { data: await catalog.listCurrencies(merchant) });
      },
    );

    // Not cached by shared caches: once customers sign in, `reason` depends on who asks.
    const operationsHandler = async (req: Parameters<typeof requestMerchant>[1]) => {
      const merchant = await requestMerchant(deps, req);
      return { data: await catalog.listOperations({ merchantId: merchant.id }) };
    };

    app.get(
      "/v2/catalog/operations",
      {
        schema: {
          operationId: "getCatalogOperations",
          tags,
          headers: optionalMerchantHeader,
          response: { 200: operationsResponse, 400: errorBodySchema },
        },
      },
      operationsHandler,
    );

    app.get(
      "/v1/catalog/operations",
      {
        schema: {
          operationId: "getCatalogOperationsV1",
          tags,
          headers: requiredMerchantHeader,
          response: { 200: operationsResponse, 400: errorBodySchema },
        },
      },
      operationsHandler,
    );
  };
