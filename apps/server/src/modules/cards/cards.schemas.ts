import { DISPLAY_STATUSES } from "@kestrel/domain";
import { z } from "zod";
import {
  CARD_DELIVERY_STATES,
  CARD_FORMS,
  CARD_ORDER_STEPS,
  CARD_PLANS,
  CARD_STATUSES,
} from "../../db/schema/index.ts";
import { cardFees, cardMoney as money } from "../card-orders/index.ts";
import { CARD_PROGRAMS } from "../merchants/index.ts";

export const cardIdParams = z.object({ id: z.uuid() });

export const cardView = z
  .object({
    id: z.uuid().nullable().describe("Null while the order has no card yet"),
    cardRequestId: z.uuid(),
    cardProgram: z.enum(CARD_PROGRAMS),
    number: z.string().nullable().describe("Masked: •••• •••• •••• last4"),
    expired: z.string().nullable(),
    cardholderName: z.string().nullable(),
    cardType: z.enum(CARD_FORMS),
    colour: z.string(),
    cardCompany: z.string(),
    status: z.enum(CARD_STATUSES),
    displayStatus: z.enum(DISPLAY_STATUSES),
    deliveryState: z.enum(CARD_DELIVERY_STATES).nullable(),
    additionalStatuses: z.array(z.string()).describe("Order steps still open"),
    step: z.enum(CARD_ORDER_STEPS).describe("Where an unfinished order resumes"),
    balance: money,
    monthlyIncome: money,
    monthlyExpenses: money,
    plan: z.enum(CARD_PLANS),
    fees: cardFees,
    paid: money.nullable(),
    label: z.string().nullable().describe("The customer's own name for the card"),
    pinSet: z.boolean().describe("Whether the customer has set a PIN"),
  })
  .meta({ id: "Card" });

export const listResponse = z
  .object({
    kycStatus: z.object({ status: z.string(), reason: z.string().nullable() }),
    cards: z.array(cardView),
    iban: z.string().nullable(),
  })
  .meta({ id: "CardList" });

export const rsaKeyResponse = z
  .object({ id: z.uuid(), publicKey: z.string() })
  .meta({ id: "CardRsaPublicKey" });

export const activateBody = z
  .object({
    keyId: z.uuid(),
    passCode: z
      .string()
      .min(16)
      .max(1024)
      .regex(/^[A-Za-z0-9+/=]+$/, "must be base64"),
  })
  .strict();
