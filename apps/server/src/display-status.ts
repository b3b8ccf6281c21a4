import type { DisplayStatus } from "@kestrel/domain";

/**
 * The one set of statuses a customer sees for a card or an account (spec §3's second list),
 * mapped once from the provider's statuses, the order's open steps and the delivery state.
 * Pure and shared: cards and IBAN both call displayStatus (IBAN through a typed entry in
 * modules/iban/iban-display-status.ts), so the two features never say different things. The list is @kestrel/domain's DISPLAY_STATUSES.
 */
/** What a product (card or IBAN account) is, as far as the customer's view depends on it. */
export type ProductState = {
  /** A card status (spec §3 first list) or an IBAN status; NONE: nothing ordered yet. */
  status: string;
  /** The order's steps still open (ADDRESS, KYC, TAXID, PAID...). */
  openSteps?: readonly string[];
  /** A plastic card's trip (ORDER_PENDING, ORDERED, IN_DELIVERY, ACTIVATED, SUPPORT). */
  deliveryState?: string | null;
  /** The customer's KYC status (APPROVED, IN_PROGRESS, UNDER_REVIEW, REJECTED...). */
  kycStatus?: string | null;
};

/** The identity review the order waits for is running: the customer can only wait for it. */
const underReview = (s: ProductState) =>
  s.openSteps?.includes("KYC") === true && (s.kycStatus === "IN_PROGRESS" || s.kycStatus === "UNDER_REVIEW");

function collecting(s: ProductState): DisplayStatus {
  if (s.openSteps?.includes("KYC") && s.kycStatus === "REJECTED") return "KYC_REJECTED";
  return underReview(s) ? "VERIFICATION" : "ACTION";
}

function awaitingActivation(s: ProductState): DisplayStatus {
  switch (s.deliveryState) {
    case "ORDER_PENDING":
    case "ORDERED":
      return "PROGRESS";
    case "SUPPORT":
      return "ACTION";
    default:
      // A virtual card, or a plastic one on its way with its code: the customer can activate.
      return "READY";
  }
}

export function displayStatus(s: ProductState): DisplayStatus {
  if (s.deliveryState === "SUPPORT") return "ACTION";
  switch (s.status) {
    case "NONE":
      return "START";
    case "UNAVAILABLE":
      return "SOON";
    case "COLLECTION":
      return collecting(s);
    case "CREATED":
      // An order under identity review shows VERIFICATION (spec §3), whatever its own status.
      return underReview(s) ? "VERIFICATION" : "PROGRESS";
    case "PREORDERED":
    case "IN_PROGRESS":
      return "PROGRESS";
    case "ACTIVATION":
      return awaitingActivation(s);
    case "ACTIVE":
      return "ACTIVE";
    case "SOFT_BLOCKED":
      return "FROZEN";
    case "HARD_BLOCKED":
    case "BLOCKED":
      return "BLOCKED";
    case "INACTIVE":
    case "CLOSED":
      return "INACTIVE";
    case "MULTI_ACCOUNT":
      return "MULTI_ACCOUNT";
    case "KYC_FORBIDDEN_COUNTRY":
      return "REJECTED";
    case "SUPPORT":
      return "ACTION";
    case "ACTION_NEEDED":
      // The action needed is a new verification when the last one was rejected: the customer is told so.
      return s.kycStatus === "REJECTED" ? "KYC_REJECTED" : "ACTION";
    default:
      throw new Error(`no display status for ${s.status}`);
  }
}
