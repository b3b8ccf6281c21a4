import { z } from "zod";
import { DEPOSIT_EVENT_KINDS, DEPOSIT_PRODUCT_TYPES, DEPOSIT_STATUSES } from "../../db/schema/index.ts";
import { amountInput } from "../../http/amount-input.ts";

const currency = z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code");
const decimal = z.string().describe("Decimal string in the currency's units");

export const templatesResponse = z
  .object({
    templates: z.array(
      z.object({
        currency: z.string(),
        durations: z
          .array(
            z.object({
              id: z.uuid(),
              productType: z.enum(DEPOSIT_PRODUCT_TYPES),
              months: z.number().int(),
              percents: z.string().describe("Yearly rate in percent, 2 decimals"),
              minAmount: decimal,
              maxAmount: decimal,
            }),
          )
          .describe("FIX and FLEX terms with months and rate above 0, months ascending"),
      }),
    ),
  })
  .meta({ id: "DepositTemplates" });

export const baseTemplatesResponse = z
  .object({
    baseTemplates: z.array(
      z.object({
        productType: z.enum(DEPOSIT_PRODUCT_TYPES),
        currencies: z.array(z.string()),
        months: z.array(z.number().int()),
        maxPercents: z.string().describe("The best yearly rate of the product, in percent"),
      }),
    ),
  })
  .meta({ id: "DepositBaseTemplates" });

/** The create-deposit draft (spec §3: wallet, type, duration, amount). */
export const openBody = z
  .object({
    currency: currency.describe("The wallet the principal comes from (one wallet per currency)"),
    productType: z.enum(DEPOSIT_PRODUCT_TYPES),
    months: z.number().int().min(1).max(120).describe("The duration, one of the template's"),
    amount: amountInput.describe("Within the duration's minAmount and maxAmount"),
  })
  .strict();

export const idempotencyHeaders = z.object({ "idempotency-key": z.string().optional() });

export const depositParams = z.object({ depositId: z.uuid() });

export const depositResponse = z
  .object({
    id: z.uuid(),
    currency: z.string(),
    productType: z.enum(DEPOSIT_PRODUCT_TYPES),
    months: z.number().int(),
    percents: z.string(),
    currencyAmount: decimal.describe("The principal"),
    currentProfit: decimal.describe("Interest accrued so far; once closed, the interest paid"),
    fiatCurrency: z.string(),
    fiatCurrencyAmount: decimal.describe("Principal and profit in the merchant's fiat, mid rate"),
    minAmount: decimal,
    maxAmount: decimal,
    openedAt: z.string(),
    expiryDate: z.string(),
    status: z.enum(DEPOSIT_STATUSES),
    closedAt: z.string().nullable(),
  })
  .meta({ id: "Deposit" });

export const listQuery = z
  .object({
    closed: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true")
      .describe("true: closed and matured deposits; false (default): open ones"),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const listResponse = z
  .object({
    deposits: z.array(depositResponse),
    offset: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totals: z
      .object({ fiatCurrency: z.string(), amount: decimal, profit: decimal })
      .describe("Of this page's deposits in the merchant's fiat: principal with profit, and profit"),
  })
  .meta({ id: "DepositList" });

export const historyResponse = z
  .object({
    depositId: z.uuid(),
    currency: z.string(),
    events: z.array(
      z.object({
        id: z.uuid(),
        operationId: z.uuid(),
        type: z.enum(DEPOSIT_EVENT_KINDS),
        amount: decimal,
        currency: z.string(),
        fromDay: z.number().int().nullable().describe("INTEREST: days since opening, from (exclusive)"),
        toDay: z.number().int().nullable().describe("INTEREST: through (inclusive)"),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: "DepositHistory" });

export const moveClockBody = z.object({ days: z.number().int().min(1).max(3_660) }).strict();
