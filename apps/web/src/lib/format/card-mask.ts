export type CardMaskSize = "medium" | "large" | "short" | "full";

const DOTS_4 = "••••";
const DOTS_2 = "••";

/**
 * Card number display masks of spec §9. Accepts a full number, an already masked number
 * ("4111 11•• •••• 1234") or just the last digits; only digits are read. The word "internal"
 * (an internal transfer, no card) shows as "Internal".
 */
export function maskCardNumber(value: string, size: CardMaskSize = "medium"): string {
  if (value.trim().toLowerCase() === "internal") return "Internal";
  const digits = value.replace(/\D/g, "");
  const first4 = digits.slice(0, 4);
  const last4 = digits.slice(-4);
  switch (size) {
    case "medium":
      return `${first4} ${DOTS_4} ${last4}`;
    case "large":
      return `${first4} ${DOTS_2} ${last4}`;
    case "short":
      return `${DOTS_2} ${last4}`;
    case "full":
      return `${DOTS_4} ${DOTS_4} ${DOTS_4} ${last4}`;
  }
}
