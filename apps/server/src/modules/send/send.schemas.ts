import { z } from "zod";
import { amountInput } from "../../http/amount-input.ts";
import { phoneSchema } from "../auth/index.ts";

const currency = z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code");
const destination = {
  phone: phoneSchema.optional().describe("A customer of the same merchant (exactly one of phone, address)"),
  address: z.string().min(1).max(128).optional().describe("An address on the currency's network"),
};

const invite = z
  .boolean()
  .optional()
  .describe(
    "The phone may be nobody's yet: the money then waits for its owner to join (a claimable transfer, returned after 7 days) and they get a text inviting them. Without it such a phone is 404 RECIPIENT_NOT_FOUND",
  );

/** Amounts travel as decimal strings; the service parses them with the currency's scale. */
export const sendBody = z
  .object({
    ...destination,
    invite,
    amount: amountInput,
    currency,
    fee: z
      .string()
      .max(40)
      .optional()
      .describe(
        "The fee the customer was shown (fee call): a higher current fee is refused (409 FEE_CHANGED)",
      ),
  })
  .strict();

export const sendHeaders = z.object({
  "idempotency-key": z.string().optional(),
  "x-confirmation-code": z
    .string()
    .regex(/^\d{4}$/, "must be 4 digits")
    .optional()
    .describe("The SMS code, on the repeat of a send answered 403 with data.sendConfirmation"),
});

export const sendResponse = z
  .object({
    txId: z.uuid().describe("The operation (its operationId in the history)"),
    sequenceId: z.uuid().describe("The ledger transfer (the reservation, for a withdrawal)"),
    fee: z.string(),
    internal: z.boolean().describe("To a customer of the same merchant: no chain, instant"),
    sendConfirmation: z.boolean().describe("An SMS code confirmed it"),
    amount: z.string(),
    currency: z.string(),
    recipient: z
      .string()
      .describe("The phone the sender typed, in full (+49 1512 3456789), or the address, shortened"),
    status: z.enum(["COMPLETED", "PENDING"]).describe("PENDING: on the chain until its confirmations"),
    createdAt: z.string(),
    claim: z
      .object({ status: z.literal("HELD"), expiresAt: z.string() })
      .optional()
      .describe("To a phone not yet a customer's: the money waits for them until expiresAt, then comes back"),
  })
  .meta({ id: "SendResult" });

export const feeQuery = z
  .object({
    amount: amountInput,
    ...destination,
    customerId: z.uuid().optional().describe("The sender: if given, must be the signed-in customer"),
  })
  .strict();

export const feeResponse = z
  .object({
    fee: z.string().describe("All fees together: networkFee + transactionFee + fixFee"),
    networkFee: z.string().describe("The network's gas fee"),
    transactionFee: z.string(),
    fixFee: z.string(),
    sourceCurrency: z.string(),
    transactionType: z.enum(["INTERNAL", "EXTERNAL"]),
    transactionAvailability: z.boolean(),
    invite: z
      .boolean()
      .optional()
      .describe(
        "The phone is no customer's yet: a send with invite: true holds the money for them and texts an invite",
      ),
  })
  .meta({ id: "SendFee" });

export const validateBody = z.object({ ...destination, invite, amount: amountInput, currency }).strict();

export const validateResponse = z
  .object({
    possibleToExecute: z.boolean(),
    blockedAmount: z
      .object({ value: z.string(), currency: z.string() })
      .describe("What the send would take from the wallet: amount and fees"),
    transactionType: z.enum(["INTERNAL", "EXTERNAL"]).nullable(),
    fee: feeResponse.nullable(),
    reason: z
      .string()
      .optional()
      .describe(
        "Why not: ADDRESS_INVALID, ADDRESS_CHECKSUM_INVALID, RECIPIENT_NOT_FOUND, CANNOT_SEND_TO_SELF, BELOW_MINIMUM, INSUFFICIENT_FUNDS, KYC_REQUIRED, PER_TRANSACTION_LIMIT, DAILY_LIMIT, MONTHLY_LIMIT...",
      ),
    message: z.string().optional(),
    field: z.string().optional(),
  })
  .meta({ id: "SendValidation" });
