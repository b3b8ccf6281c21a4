import { z } from "zod";
import {
  CARD_DECLINE_REASONS,
  CARD_OPERATION_KINDS,
  CARD_OPERATION_STATUSES,
  CARD_STATUSES,
} from "../../db/schema/index.ts";
import { amountInput } from "../../http/amount-input.ts";
import { CARD_PROGRAMS } from "../merchants/index.ts";

const money = z
  .object({ value: z.string().describe("Decimal string"), currency: z.string() })
  .meta({ id: "CardFundingMoney" });
const decimal = z.string().describe("Decimal string");

/** `cp` names the card's program; optional (a card id is unique), a card of another program is 404. */
export const cpQuery = z.object({ cp: z.enum(CARD_PROGRAMS).optional() });
export const cardParams = z.object({ cardId: z.uuid() });
export const offerParams = z.object({ cardId: z.uuid(), offerId: z.uuid() });
export const idempotencyHeaders = z.object({ "idempotency-key": z.string().optional() });

const amount = amountInput.optional();
export const topUpBody = z
  .object({
    fromCurrency: z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code"),
    toCurrency: z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code"),
    fromAmount: amount.describe("The crypto to spend, fees included (decimal string); or give toAmount"),
    toAmount: amount.describe("What the card should receive (decimal string); or give fromAmount"),
  })
  .strict()
  .meta({ id: "CardTopUpOfferRequest" });

export const currenciesResponse = z
  .object({
    cardCurrency: z.string(),
    currencies: z.array(z.object({ currency: z.string(), available: money, lock: z.boolean() })),
  })
  .meta({ id: "CardTopUpCurrencies" });

const feePercents = z.object({
  transactionFee: z.string().describe("Percent, 2 places"),
  additionalFee: z.string().describe("Percent, 2 places"),
});

export const dataResponse = z
  .object({
    card: z.object({
      cardId: z.uuid(),
      maskedPan: z.string(),
      cardCompany: z.string(),
      cardProgram: z.string(),
      status: z.enum(CARD_STATUSES),
      cardBalance: money,
    }),
    fees: feePercents,
    pairs: z.array(
      z.object({
        currencyFrom: z.string(),
        currencyTo: z.string(),
        rate: decimal,
        amountScaleFrom: z.number().int(),
        amountScaleTo: z.number().int(),
        lock: z.boolean(),
        fromLimits: z.object({ min: decimal, max: decimal, all: decimal }),
        toLimits: z.object({ min: decimal, max: decimal, all: decimal.nullable() }),
        fees: feePercents,
        fixFee: decimal.describe("EUR"),
      }),
    ),
  })
  .meta({ id: "CardTopUpData" });

export const offerResponse = z
  .object({
    offerId: z.uuid(),
    cardId: z.uuid(),
    expirationTime: z.string(),
    validSeconds: z.number().int(),
    fixedSide: z.enum(["from", "to"]),
    from: money,
    to: money,
    fees: z.object({ transactionFee: money, additionalFee: money, fixFee: money }),
    feeAmount: money,
    feePercents,
    rate: money,
    possibleToExecute: z.boolean().describe("The wallet holds enough now"),
  })
  .meta({ id: "CardTopUpOffer" });

export const receiptResponse = z
  .object({
    result: z.literal("ok"),
    operationId: z.uuid(),
    offerId: z.uuid(),
    cardId: z.uuid(),
    cardNumber: z.string(),
    amount: money.describe("What the card received"),
    from: money.describe("What the wallet paid, fees included"),
    feeAmount: money,
    rate: decimal,
    status: z.literal("COMPLETED"),
    createdAt: z.string(),
  })
  .meta({ id: "CardTopUpReceipt" });

export const historyQuery = cpQuery.extend({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(50),
});

export const historyResponse = z
  .object({
    cardId: z.uuid(),
    balance: money,
    offset: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    operations: z.array(
      z.object({
        operationId: z.uuid(),
        type: z.enum(CARD_OPERATION_KINDS),
        status: z.enum(CARD_OPERATION_STATUSES),
        amount: money,
        direction: z.enum(["IN", "OUT"]),
        description: z.string().describe("The shop, or the wallet a top-up came from"),
        declineReason: z.enum(CARD_DECLINE_REASONS).nullable(),
        declineMessage: z.string().nullable(),
        operationDate: z.string(),
        updatedAt: z.string(),
        details: z.record(z.string(), z.unknown()),
      }),
    ),
  })
  .meta({ id: "CardHistory" });
