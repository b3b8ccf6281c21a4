import { z } from "zod";
import { KYC_LEVELS, OPERATION_CONSTRAINTS, OPERATION_TYPES } from "../../db/schema/index.ts";
import { COUNTRY_LIST_TYPES, isKnownCountry } from "./countries.ts";
import { OPERATION_REASONS } from "./operation-types.ts";

const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code in upper case")
  .refine(isKnownCountry, "is not a known country");

export const countriesQuery = z.object({
  type: z.enum(COUNTRY_LIST_TYPES).describe("What the list is for; delivery leaves blocked countries out"),
});

const catalogCountry = z
  .object({
    code: z.string().describe("ISO 3166-1 alpha-2"),
    name: z.string().describe("English name"),
    dialCode: z.string().describe("International calling code with '+', e.g. +49"),
    blocked: z.boolean().describe("The merchant does not serve this country (spec §6)"),
  })
  .meta({ id: "CatalogCountry" });

export const countriesResponse = z
  .object({ data: z.array(catalogCountry).describe("Sorted by English name") })
  .meta({ id: "CountriesResponse" });

export const statesQuery = z.object({ country: countryCode });

const catalogState = z
  .object({
    code: z.string().describe("Subdivision code without the country prefix (US-CA → CA)"),
    name: z.string(),
  })
  .meta({ id: "CatalogState" });

export const statesResponse = z.object({ data: z.array(catalogState) }).meta({ id: "StatesResponse" });

const catalogCurrency = z
  .object({
    code: z.string().describe("Currency code, e.g. BTC"),
    name: z.string(),
    scale: z.number().int().describe("Minor-unit exponent: 1 unit = 10^scale minor units"),
    type: z.enum(["crypto", "fiat"]),
    networks: z.array(z.string()).describe("Chains and token standards for deposits and withdrawals"),
    features: z.array(z.enum(OPERATION_TYPES)).describe("Operations a wallet of this currency can use here"),
  })
  .meta({ id: "CatalogCurrency" });

export const currenciesResponse = z
  .object({ data: z.array(catalogCurrency) })
  .meta({ id: "CurrenciesResponse" });

const operationStatus = z
  .object({
    operationType: z.enum(OPERATION_TYPES),
    name: z.string(),
    constraint: z.enum(OPERATION_CONSTRAINTS),
    reason: z.enum(OPERATION_REASONS).describe("Why the operation is unavailable; NONE when it is available"),
    kycLevelPermissibleList: z.array(z.enum(KYC_LEVELS)),
    url: z.string().describe("The web app route of the operation (spec §2)"),
  })
  .meta({ id: "OperationStatus" });

export const operationsResponse = z
  .object({ data: z.array(operationStatus) })
  .meta({ id: "OperationsResponse" });

const merchantIdHeader = z.string().describe("The merchant's id (merchantBackendId of /web/info)");

/** v1 names the merchant by header only (spec §7); v2 also picks it by host name. */
export const requiredMerchantHeader = z.object({ "x-merchant-id": merchantIdHeader });
export const optionalMerchantHeader = z.object({ "x-merchant-id": merchantIdHeader.optional() });
