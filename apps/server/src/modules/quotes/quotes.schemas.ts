import { z } from "zod";
import { amountInput } from "../../http/amount-input.ts";

// The exchange calls of spec §7 with the reference's fields (digest §4.9, flat example layout).
// Deliberate differences, each in docs/quotes.md: amounts and rates are decimal strings, never
// JSON numbers; offerId is our UUIDv7, not an int64; a create or update names exactly one of
// amountFrom and amountTo (the side the customer typed); offers carry their fees.

const currency = z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code");
/** A decimal string of the currency; the service parses it with the currency's scale. */
const amount = amountInput;
const offerId = z.uuid().describe("The offer's id (UUIDv7)");

/** `?coinPairs=USDT_EUR&coinPairs=BTC_EUR` or `?coinPairs=USDT_EUR,BTC_EUR`: both mean two pairs. */
const coinPairs = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[A-Z]{2,6}_[A-Z]{2,6}$/, "must be pairs like USDT_EUR")).max(50))
  .optional()
  .describe("Pairs as FROM_TO; none: every pair the merchant offers");

export const exchangeCurrenciesQuery = z.object({ coinPairs }).strict();

const exchangePair = z
  .object({
    currencyFrom: z.string(),
    currencyTo: z.string(),
    rate: z.string().describe("Units of currencyTo for one currencyFrom, the merchant's spread included"),
    rateScale: z.number().int().describe("Decimals of rate"),
    minAmountFrom: z.string(),
    maxAmountFrom: z.string(),
    minAmountTo: z.string().describe("What minAmountFrom delivers, fees taken"),
    maxAmountTo: z.string().describe("What maxAmountFrom delivers, fees taken"),
    allAmountFrom: z
      .string()
      .describe("What 'exchange all' would take: the available balance, within maxAmountFrom"),
    amountScaleFrom: z.number().int().describe("Decimals an amountFrom may have (the currency's scale)"),
    amountScaleTo: z.number().int().describe("Decimals an amountTo may have (the currency's scale)"),
    lock: z.boolean().describe("True: the pair is closed for now; offers are refused"),
  })
  .meta({ id: "ExchangePair" });

export const exchangeCurrenciesResponse = z
  .object({ pairs: z.array(exchangePair) })
  .meta({ id: "ExchangePairs" });

const offerFields = {
  currencyFrom: currency,
  currencyTo: currency,
  amountFrom: amount.optional().describe("Set when the customer typed what to pay (exactly one side)"),
  amountTo: amount.optional().describe("Set when the customer typed what to receive (exactly one side)"),
};

/** The reference marks both amounts required; one side is what the customer fixed, so one is sent. */
const exactlyOneAmount = (
  body: { amountFrom?: string | undefined; amountTo?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  const given = [body.amountFrom, body.amountTo].filter((v) => v !== undefined).length;
  if (given !== 1) {
    ctx.addIssue({
      code: "custom",
      path: [body.amountTo === undefined ? "amountFrom" : "amountTo"],
      message: "give exactly one of amountFrom and amountTo",
    });
  }
};

export const createOfferBody = z.object(offerFields).strict().superRefine(exactlyOneAmount);
export const updateOfferBody = z
  .object({ offerId, ...offerFields })
  .strict()
  .superRefine(exactlyOneAmount);

const moneyAmount = z.object({ amount: z.string(), currencyCode: z.string() });

const feeInfoItem = z
  .object({
    type: z.enum(["TransactionFee", "AdditionalFee"]),
    value: z.string().describe('Percent with 2 places: "0.50" is 0.5 %'),
  })
  .meta({ id: "FeeInfo" });

export const offerResponse = z
  .object({
    offerId,
    expirationDateTime: z.string().describe("ISO-8601; validSeconds after the create or update"),
    exchangeRate: z.string().describe("Units of target for one source, the merchant's spread included"),
    validSeconds: z.number().int().describe("20 for exchange"),
    sourceCurrencyAmount: moneyAmount.describe("Debited from the source wallet, fees included"),
    targetCurrencyAmount: moneyAmount.describe("Credited to the target wallet"),
    fixedSide: z.enum(["FROM", "TO"]).describe("The side the customer typed"),
    feeAmount: moneyAmount.describe("All fees, in the source currency, inside sourceCurrencyAmount"),
    feeInfo: z.array(feeInfoItem),
  })
  .meta({ id: "ExchangeOffer" });

export const executeOfferParams = z.object({ offerId }).strict();

export const executeOfferHeaders = z.object({
  "idempotency-key": z
    .string()
    .optional()
    .describe("A retry with the same key gets the stored answer; the web app sends the offerId"),
});

export const executeOfferResponse = z
  .object({
    offerId,
    status: z.enum(["SUCCESS"]),
    operationId: z.uuid().describe("The ledger operation (its operationId in the history)"),
    createdAt: z.string().describe("ISO-8601 time of the execution: the receipt's date"),
    exchangeRate: z.string(),
    sourceCurrencyAmount: moneyAmount,
    targetCurrencyAmount: moneyAmount,
    feeAmount: moneyAmount,
    feeInfo: z.array(feeInfoItem),
  })
  .meta({ id: "ExchangeExecution" });

export type OfferResponse = z.infer<typeof offerResponse>;
export type ExecuteOfferResponse = z.infer<typeof executeOfferResponse>;
export type ExchangePair = z.infer<typeof exchangePair>;
