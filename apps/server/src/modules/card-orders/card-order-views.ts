import type { CardOrderStep, CardStatus } from "../../db/schema/index.ts";
import { displayStatus } from "../../display-status.ts";
import { money } from "../history/index.ts";
import type { CardProgram, Merchant } from "../merchants/index.ts";
import type { CustomerInfoRow, PriceRow } from "./card-orders.repository.ts";
import { CARD_COMPANY, type CardFees, type CardTerms, type RequestRow } from "./card-orders.types.ts";

/** What the order needs of the customer's profile: verification and tax residence. */
export type CustomerKyc = {
  kycLevel: string;
  kycStatus: string | null | undefined;
  taxCountry: string | null;
};

/** Verified means KYC_2 (the card issuer's own check is the identity verification). */
export const isVerified = (kyc: CustomerKyc) => kyc.kycLevel === "KYC_2";

/**
 * What the customer reads about a program: the merchant's configured name and description
 * (`merchants.card_programs`), else the merchant's name with the program's number, never the bare
 * code (docs/cards.md "Names").
 */
export function programText(
  merchant: Pick<Merchant, "title" | "cardPrograms">,
  program: CardProgram,
): { name: string; description: string | null } {
  const configured = merchant.cardPrograms[program];
  if (configured?.name.trim()) {
    return { name: configured.name, description: configured.description.trim() || null };
  }
  return {
    name: `${merchant.title} card${program === "CP_1" ? "" : ` ${program.slice(3)}`}`,
    description: null,
  };
}

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

const FEES_NONE: CardFees = { clientMarkUpFee: "0.00", supplierFee: "0.00", vaultFee: "0.00" };

/** The program's plan and fees for the form, and what the order was paid. */
export function termsOf(price: PriceRow | undefined, request: RequestRow | undefined): CardTerms {
  return {
    plan: price?.plan ?? "NONE",
    fees: (price?.fees as CardFees | undefined) ?? FEES_NONE,
    paid:
      request?.paidAmount != null && request.paidCurrency
        ? money(request.paidAmount, request.paidCurrency)
        : null,
  };
}

/** An order without a card yet, as a card entry of the list (the reference shows it so). */
export function requestView(
  r: RequestRow,
  info: CustomerInfoRow | undefined,
  kyc: CustomerKyc,
  price: PriceRow | undefined,
) {
  const steps = openSteps(r, info, kyc);
  const status: CardStatus = r.status === "PAID" ? "IN_PROGRESS" : "COLLECTION";
  const zero = money(0n, "EUR");
  const step: CardOrderStep = r.status === "PAID" ? "CHECKOUT" : resumeStep(steps, kyc);
  return {
    id: null,
    cardRequestId: r.id,
    cardProgram: r.program as CardProgram,
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
    step,
    balance: zero,
    monthlyIncome: zero,
    monthlyExpenses: zero,
    ...termsOf(price, r),
    label: null,
    pinSet: false,
  };
}
