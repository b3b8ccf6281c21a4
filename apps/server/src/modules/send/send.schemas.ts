import { z } from "zod";
import { phoneSchema } from "../auth/auth.schemas.ts";

/** Amounts travel as decimal strings; the service parses them with the currency's scale. */
export const sendBody = z
  .object({
    phone: phoneSchema.optional(),
    address: z.string().max(128).optional(),
    amount: z.string().max(40),
    currency: z.string().regex(/^[A-Z]{2,6}$/, "must be a currency code"),
    fee: z.string().max(40).optional().describe("The fee from the fee call; sending by phone is free"),
  })
  .strict();

export const sendResponse = z
  .object({
    txId: z.uuid().describe("The operation"),
    sequenceId: z.uuid().describe("The ledger transfer"),
    fee: z.string(),
    internal: z.boolean(),
    sendConfirmation: z.boolean(),
    amount: z.string(),
    currency: z.string(),
    recipient: z.string().describe("The recipient's phone, masked"),
    status: z.enum(["COMPLETED"]),
    createdAt: z.string(),
  })
  .meta({ id: "SendResult" });
