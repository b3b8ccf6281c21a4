import { z } from "zod";
import { HISTORY_STATUSES, HISTORY_TYPES } from "../../db/schema/history.ts";

/** The reference's filter values (UNKNOWN = everything), ours, and kinds still to come. */
const TYPE_FILTERS = ["UNKNOWN", ...HISTORY_TYPES, "PAYIN_ADVCASH"] as const;

/** `?f=A&f=B` or `?f=A,B`: both mean [A, B]. */
const listParam = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(","))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(20))
    .optional();

export const historyQuery = z.object({
  typeFilter: listParam(z.enum(TYPE_FILTERS)).describe("Operation types; UNKNOWN or none: all"),
  currencyFilter: listParam(z.string().regex(/^[A-Z]{2,6}$/, "must be currency codes")),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(50),
  snapshotAt: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      "The snapshotAt of the first page: later pages pass it back, so operations that arrive meanwhile never shift them",
    ),
});

// The reference's Money (value as a decimal string); inline, as KYC's schemas own the "Money" id.
const money = z.object({ value: z.string(), currency: z.string() });

const explorerUrl = z
  .string()
  .nullable()
  .describe("The transaction on its network's explorer (EXPLORER_<NETWORK>_TX_URL); null: none configured");

const receiveCryptoModel = z
  .object({
    fromAddress: z.string().nullable(),
    toAddress: z.string().nullable(),
    amount: money,
    txHash: z.string().nullable(),
    network: z.string().nullable(),
    confirmations: z.number().int().nullable(),
    requiredConfirmations: z.number().int().nullable(),
    internal: z.boolean().describe("From another customer of this merchant: no chain transaction"),
    explorerUrl: explorerUrl,
  })
  .meta({ id: "ReceiveCryptoModel" });

const sendToPhoneModel = z
  .object({
    fromAddress: z.string().nullable(),
    fromPhone: z.string().describe("The sender's phone: in full to the sender, masked to the recipient"),
    toPhone: z
      .string()
      .describe("The recipient's phone, in full (the sender typed it; the recipient owns it)"),
    amount: money,
    claim: z
      .object({
        id: z.string().describe("The claimable transfer (the send's operation id): its cancel call's id"),
        status: z.enum(["HELD", "CLAIMED", "RETURNED", "CANCELLED"]),
        expiresAt: z.string().nullable().describe("Unclaimed by then, the money goes back to the sender"),
        updatedAt: z.string(),
      })
      .optional()
      .describe("Sent to a phone that was no customer's yet: where the money stands (docs/send.md)"),
  })
  .meta({ id: "SendToPhoneModel" });

const sendToWalletModel = z
  .object({
    fromAddress: z.string().nullable(),
    toAddress: z.string(),
    debitAmount: money.describe("What left the wallet: amount and fees"),
    creditAmount: money.describe("What the address receives"),
    feeAmount: money,
    networkFee: money,
    txHash: z.string().nullable(),
    network: z.string().nullable(),
    internal: z.boolean(),
    confirmations: z.number().int().nullable(),
    requiredConfirmations: z.number().int().nullable(),
    failureReason: z.string().nullable(),
    explorerUrl: explorerUrl,
  })
  .meta({ id: "SendToWalletModel" });

const exchangeModel = z
  .object({
    fromAddress: z.string().describe("The customer's wallet paid from (its id: no chain is involved)"),
    toAddress: z.string().describe("The customer's wallet credited (its id)"),
    debitAmount: money.describe("What left the from wallet, fees included"),
    creditAmount: money.describe("What reached the to wallet"),
    feeAmount: money.describe("The fees inside debitAmount"),
    exchangeRate: z
      .object({
        sourceCurrency: z.string(),
        targetCurrency: z.string(),
        rate: z.string().describe("Units of targetCurrency for one sourceCurrency, the spread included"),
        multiplier: z.number().int(),
      })
      .describe("The reference's Rate, the rate as a decimal string"),
  })
  .meta({ id: "ExchangeModel" });

const cardRate = z.object({
  sourceCurrency: z.string(),
  targetCurrency: z.string(),
  rate: z.string(),
  multiplier: z.number().int(),
});

const payinCardModel = z
  .object({
    fromCardPAN: z.string().describe("Masked: 424242******4242"),
    toAddress: z.string().describe("The customer's wallet credited (its id)"),
    debitAmount: money.describe("Charged to the card, fees included"),
    creditAmount: money.describe("What reaches the wallet"),
    feeAmount: money,
    exchangeRate: cardRate,
    failureReason: z.string().nullable(),
  })
  .meta({ id: "PayinCardModel" });

const payoutCardModel = z
  .object({
    fromAddress: z.string().describe("The customer's wallet paid from (its id)"),
    toCardPAN: z.string().describe("Masked: 424242******4242"),
    debitAmount: money.describe("What left the wallet, fees included"),
    creditAmount: money.describe("What the card receives"),
    feeAmount: money,
    exchangeRate: cardRate,
    failureReason: z.string().nullable(),
  })
  .meta({ id: "PayoutCardModel" });

const testCreditModel = z
  .object({ amount: money, source: z.literal("SANDBOX_FAUCET") })
  .meta({ id: "TestCreditModel" });

const adjustmentModel = z
  .object({
    amount: money,
    description: z
      .string()
      .describe("Why the wallet was corrected, in the operator's words for the customer"),
  })
  .meta({ id: "AdjustmentHistoryModel" });

const depositModel = z
  .object({
    depositId: z.uuid(),
    productType: z.enum(["FIX", "FLEX"]),
    months: z.number().int(),
    amount: money.describe("What left or came back to the wallet"),
    principal: money,
    profit: money.describe("Interest paid with it (0 at the opening, and for a FIX closed early)"),
  })
  .meta({ id: "DepositHistoryModel" });

const cardOrderModel = z
  .object({
    cardRequestId: z.uuid(),
    cardProgram: z.string(),
    cardType: z.enum(["PLASTIC", "VIRTUAL"]),
    fiatPrice: money.optional().describe("The card's price the payment bought (CARD_ORDER)"),
  })
  .meta({ id: "CardOrderHistoryModel" });
const cardTopUpModel = z
  .object({
    cardId: z.uuid(),
    cardNumber: z.string().describe("Masked: •••• •••• •••• last4"),
    fromAddress: z.string().describe("The wallet the crypto came from"),
    debitAmount: money,
    creditAmount: money,
    feeAmount: money,
    exchangeRate: z.object({
      sourceCurrency: z.string(),
      targetCurrency: z.string(),
      rate: z.string(),
      multiplier: z.number(),
    }),
  })
  .meta({ id: "CardTopUpHistoryModel" });
const ibanModel = z
  .object({
    ibanId: z.uuid(),
    transferId: z.uuid(),
    counterpartyName: z.string(),
    counterpartyIban: z.string(),
    reference: z.string().nullable(),
    returnReason: z
      .string()
      .nullable()
      .describe("Why the bank returned a withdrawal (then FAILED, refunded)"),
  })
  .meta({ id: "IbanHistoryModel" });

const historyItem = z
  .object({
    operationId: z.uuid(),
    type: z.enum(HISTORY_TYPES),
    direction: z.enum(["IN", "OUT"]),
    status: z.enum(HISTORY_STATUSES),
    operationStatus: z.enum(HISTORY_STATUSES).describe("Same as status (the reference's name)"),
    amount: z.string().describe("Decimal string: what was sent or received, fees apart"),
    currency: z.string(),
    fee: z.string(),
    counterparty: z.string().nullable().describe("Masked phone or shortened address"),
    operationDate: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    pendingReason: z.string().nullable().describe("While it waits: why (null once COMPLETED or FAILED)"),
    nextStep: z.string().nullable().describe("While it waits: what happens next"),
    expectedTime: z.string().nullable().describe("While it waits: about how long"),
    receiveCryptoModel: receiveCryptoModel.nullable(),
    sendToPhoneModel: sendToPhoneModel.nullable(),
    sendToWalletModel: sendToWalletModel.nullable(),
    testCreditModel: testCreditModel.nullable(),
    depositModel: depositModel.nullable().describe("DEPOSIT_OPEN and DEPOSIT_CLOSE"),
    cardOrderModel: cardOrderModel.nullable().describe("CARD_ORDER (paid) and CARD_ORDER_REFUND (cancelled)"),
    exchangeModel: exchangeModel.nullable().describe("EXCHANGE and EXCHANGE_IBAN"),
    ibanModel: ibanModel.nullable().describe("IBAN_RECEIVE and IBAN_WITHDRAW"),
    cardTopUpModel: cardTopUpModel.nullable().describe("CARD_TOP_UP: a prepaid card topped up from a wallet"),
    adjustmentModel: adjustmentModel
      .nullable()
      .describe("ADJUSTMENT: an operator's correction of the wallet"),
    payinAdvcashModel: z.null(),
    payinCardModel: payinCardModel.nullable(),
    payoutCardModel: payoutCardModel.nullable(),
  })
  .meta({ id: "HistoryOperation" });

export const historyResponse = z
  .object({
    operations: z.array(historyItem),
    offset: z.number().int(),
    size: z.number().int(),
    total: z.number().int().describe("Operations matching the filters at the snapshot"),
    snapshotAt: z.string().describe("Pass back for the next pages"),
  })
  .meta({ id: "HistoryPage" });
