// Spec §9's card number masks, one place for the web app and the server's PDFs. A card number
// arrives already masked by whoever holds it ("424242******4242", "400000******3220"): only its
// first and last four digits are ever shown, never the stars of the issuer's format.

export type CardMask = "medium" | "large" | "short" | "full";

const DOTS = "••";

/**
 * "4242 •••• 4242" (medium), "4242 •• 4242" (large), "•• 4242" (short), "•••• •••• •••• 4242"
 * (full). The word "internal" (a card without a number, spec §9) shows as "Internal".
 */
export function maskCardNumber(number: string, mask: CardMask = "medium"): string {
  if (number.trim().toLowerCase() === "internal") return "Internal";
  const digits = number.replace(/\D/g, "");
  if (digits.length < 4) throw new RangeError("a card number needs at least its last 4 digits");
  const last4 = digits.slice(-4);
  // A number that carries only its last 4 digits cannot show a first group: the short mask then.
  const first4 = digits.length >= 8 ? digits.slice(0, 4) : null;
  if (mask === "full") return `${DOTS}${DOTS} ${DOTS}${DOTS} ${DOTS}${DOTS} ${last4}`;
  if (mask === "short" || first4 === null) return `${DOTS} ${last4}`;
  return `${first4} ${mask === "medium" ? DOTS + DOTS : DOTS} ${last4}`;
}
