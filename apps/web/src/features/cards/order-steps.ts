/** The six steps of spec §2 in order, by their enumerated names (SELECT_CURRENCY is part of CHECKOUT). */
export const ORDER_STEPS = [
  "CARD_TYPE",
  "VERIFICATION",
  "INFORMATION",
  "CARDHOLDER_NAME",
  "BILLING_ADDRESS",
  "CHECKOUT",
] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** The server's resume state as a screen: CONFIRMATION is the verification step still pending. */
export function screenOf(step: string): OrderStep {
  if (step === "CONFIRMATION") return "VERIFICATION";
  if (step === "SELECT_CURRENCY") return "CHECKOUT";
  return (ORDER_STEPS as readonly string[]).includes(step) ? (step as OrderStep) : "CARD_TYPE";
}
