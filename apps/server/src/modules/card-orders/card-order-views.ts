import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import type { z } from "zod";
import type { CardOrderStep, CardPlan, CardStatus } from "../../db/schema/index.ts";
import { displayStatus } from "../../display-status.ts";
import type { CardRow, CustomerInfoRow, PriceRow, RequestRow } from "./card-orders.repository.ts";
import type { cardView } from "./card-orders.schemas.ts";
import { CARD_COMPANY } from "./card-orders.types.ts";

export const moneyOf = (minor: bigint, currency: string) => ({
  value: toDecimalString(minor, currency as CurrencyCode),
  currency,
});

/** What the order needs of the customer's profile: verification and tax residence. */
export type CustomerKyc = {
  kycLevel: string;
  kycStatus: string | null | undefined;
  taxCountry: string | null;
};

/** Verified means KYC_2 (the card issuer's own check is the identity verification). */
export const isVerified = (kyc: CustomerKyc) => kyc.kycLevel === "KYC_2";

/**
 * The order's steps still open, in the reference's names (§4.13 additionalStatuses, spec §3):
 * what the customer must still give before the card can be issued, and the payment.
 */
export function openSteps(r: RequestRow, info: CustomerInfoRow | undefined, kyc: CustomerKyc): string[] {
  const steps: string[] = [];
  if (!r.billingAddress) steps.push("ADDRESS");
  if (r.cardType === "PLASTIC" && !r.shippingAddress) steps.push("SHIPPING_ADDRESS");
  if (!kyc.taxCountry) steps.push("TAXID");
  if (!info?.personalInfo) steps.push("ADDITIONAL_PERSONAL_INFO");
  if (!r.cardholderFirstName) steps.push("CARDHOLDER_NAME");
  if (!isVerified(kyc)) steps.push("KYC");
  if (r.status === "OPEN") steps.push("PAID");
  return steps;
}

/** Where an unfinished order resumes: the first step of spec §2's order with something missing. */
export function resumeStep(steps: readonly string[], kyc: CustomerKyc): CardOrderStep {
  if (steps.includes("KYC")) {
    return kyc.kycStatus === "IN_PROGRESS" || kyc.kycStatus === "UNDER_REVIEW"
      ? "CONFIRMATION"
      : "VERIFICATION";
  }
  if (steps.includes("TAXID") || steps.includes("ADDITIONAL_PERSONAL_INFO")) return "INFORMATION";
  if (steps.includes("CARDHOLDER_NAME")) return "CARDHOLDER_NAME";
  if (steps.includes("ADDRESS") || steps.includes("SHIPPING_ADDRESS")) return "BILLING_ADDRESS";
  return "CHECKOUT";
}

const FEES_NONE = { clientMarkUpFee: "0.00", supplierFee: "0.00", vaultFee: "0.00" };
const feesOf = (price: PriceRow | undefined) => (price?.fees as typeof FEES_NONE | undefined) ?? FEES_NONE;

type CardView = z.infer<typeof cardView>;

/** An order without a card yet, as a card entry of the list (the reference shows it so). */
export function requestView(
  r: RequestRow,
  info: CustomerInfoRow | undefined,
  kyc: CustomerKyc,
  price: PriceRow | undefined,
): CardView {
  const steps = openSteps(r, info, kyc);
  const status: CardStatus = r.status === "PAID" ? "IN_PROGRESS" : "COLLECTION";
  const zero = moneyOf(0n, "EUR");
  return {
    id: null,
    cardRequestId: r.id,
    cardProgram: r.program as CardView["cardProgram"],
    number: null,
    expired: null,
    cardholderName: r.cardholderFirstName
      ? `${r.cardholderFirstName} ${r.cardholderLastName ?? ""}`.trim()
      : null,
    cardType: r.cardType,
    colour: r.colour,
    cardCompany: CARD_COMPANY,
    status,
    displayStatus: displayStatus({ status, openSteps: steps, kycStatus: kyc.kycStatus ?? null }),
    deliveryState: null,
    additionalStatuses: steps,
    step: r.status === "PAID" ? "CHECKOUT" : resumeStep(steps, kyc),
    balance: zero,
    monthlyIncome: zero,
    monthlyExpenses: zero,
    plan: (price?.plan ?? "NONE") as CardPlan,
    fees: feesOf(price),
    paid: r.paidAmount !== null && r.paidCurrency ? moneyOf(r.paidAmount, r.paidCurrency) : null,
    label: null,
    pinSet: false,
  };
}

export function cardRowView(
  c: CardRow,
  request: RequestRow | undefined,
  price: PriceRow | undefined,
): CardView {
  const zero = moneyOf(0n, "EUR");
  // The last day of the expiry month, the moment the card stops working.
  const expired = new Date(Date.UTC(c.expiryYear, c.expiryMonth, 0, 23, 59, 59)).toISOString();
  return {
    id: c.id,
    cardRequestId: c.requestId,
    cardProgram: c.program as CardView["cardProgram"],
    number: `•••• •••• •••• ${c.last4}`,
    expired,
    cardholderName: c.cardholderName,
    cardType: c.cardType,
    colour: c.colour,
    cardCompany: CARD_COMPANY,
    status: c.status,
    displayStatus: displayStatus({ status: c.status, deliveryState: c.deliveryState }),
    deliveryState: c.deliveryState,
    additionalStatuses: [],
    step: "CHECKOUT",
    balance: zero,
    monthlyIncome: zero,
    monthlyExpenses: zero,
    plan: (price?.plan ?? "NONE") as CardPlan,
    fees: feesOf(price),
    paid:
      request?.paidAmount != null && request.paidCurrency
        ? moneyOf(request.paidAmount, request.paidCurrency)
        : null,
    label: c.label,
    pinSet: c.pinSetAt !== null,
  };
}
