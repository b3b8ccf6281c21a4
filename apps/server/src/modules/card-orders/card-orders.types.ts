import { z } from "zod";
import type {
  CARD_COLOURS,
  CardForm,
  CardOrderStep,
  CardPlan,
  CardRequestStatus,
} from "../../db/schema/index.ts";
import { CARD_PROGRAMS, type CardProgram, type Merchant } from "../merchants/index.ts";

/**
 * What ordering a card shares with the issued cards module (docs/cards.md): the card programs'
 * query, the wire shapes of money and fees, the order row the issuer's report turns into a card,
 * and what an issued card keeps of its order (plan, fees, what was paid).
 */

/** The signed-in customer a card call is about, with their merchant. */
export type Owner = { merchant: Merchant; customerId: string };

/** Every card call takes `cp`, the card program (CP_1 when absent). */
export const cpQuery = z.object({ cp: z.enum(CARD_PROGRAMS).optional() });
export const cardMoney = z
  .object({ value: z.string().describe("Decimal string"), currency: z.string() })
  .meta({ id: "CardMoney" });
export const cardOk = z.object({ result: z.literal("ok") }).meta({ id: "CardOk" });
export const cardFees = z.object({
  clientMarkUpFee: z.string(),
  supplierFee: z.string(),
  vaultFee: z.string(),
});
export type CardFees = z.infer<typeof cardFees>;
type Money = z.infer<typeof cardMoney>;

/** A card order (table card_requests). */
export type RequestRow = {
  merchantId: string;
  id: string;
  customerId: string;
  program: string;
  cardType: CardForm;
  colour: string;
  status: CardRequestStatus;
  step: CardOrderStep;
  billingAddress: Record<string, string> | null;
  shippingAddress: Record<string, string> | null;
  shippingMatchBilling: boolean;
  cardholderFirstName: string | null;
  cardholderLastName: string | null;
  promoCode: string | null;
  paymentOfferId: string | null;
  paymentOperationId: string | null;
  paidCurrency: string | null;
  paidAmount: bigint | null;
  refundOperationId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What an issued card shows of its order: the program's plan and fees, and what the order cost. */
export type CardTerms = { plan: CardPlan; fees: CardFees; paid: Money | null };

/** Spec §3 card colours: an id (the reference's cardDesignId) and a hex value each. */
const CARD_DESIGNS = [
  { id: 1, colour: "BLACK", hex: "#1B1B1F" },
  { id: 2, colour: "BLUE", hex: "#1F3FBF" },
  { id: 3, colour: "ORANGE", hex: "#F2762E" },
  { id: 4, colour: "PURPLE", hex: "#6B3FBF" },
  { id: 5, colour: "GOLD", hex: "#C9A23F" },
] as const satisfies ReadonlyArray<{ id: number; colour: (typeof CARD_COLOURS)[number]; hex: string }>;
export const CARD_DESIGN_IDS: readonly number[] = CARD_DESIGNS.map((d) => d.id);

/**
 * The designs a merchant's program offers, as the back-office set them (docs/backoffice.md
 * "Configuration"); none set: every design.
 */
export function offeredDesigns(merchant: Pick<Merchant, "cardPrograms">, program: CardProgram) {
  const ids = merchant.cardPrograms[program]?.designIds;
  return ids?.length ? CARD_DESIGNS.filter((d) => ids.includes(d.id)) : [...CARD_DESIGNS];
}

export const DEPRECATED_INCOME_SOURCES = [
  "company_sale",
  "divorce",
  "MLP",
  "drawings_income",
  "investment_income",
  "inheritance",
  "receivable_dividends",
  "private_property_sale",
  "retirement",
  "royalties_rewards",
  "capital_stocks_sale",
  "inheritance_gifts",
  "LOGW",
] as const;
export const DOCUMENT_TYPES = ["Visa", "Residence permit", "Identification card", "Passport"] as const;

/** Spec §3: plastic cards are delivered to the 27 EU countries (ISO alpha-2). */
export const PLASTIC_DELIVERY_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
] as const;

/** The card company every program's cards run on. */
export const CARD_COMPANY = "VISA";
