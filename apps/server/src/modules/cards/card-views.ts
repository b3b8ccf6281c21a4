import { displayStatus } from "../../display-status.ts";
import { CARD_COMPANY, type CardTerms } from "../card-orders/index.ts";
import { money } from "../history/index.ts";
import type { CardProgram } from "../merchants/index.ts";
import type { CardRow } from "./cards.types.ts";

/** An issued card as an entry of the list, with what it keeps of its order (plan, fees, paid). */
export function cardRowView(c: CardRow, terms: CardTerms) {
  const zero = money(0n, "EUR");
  // The last day of the expiry month, the moment the card stops working.
  const expired = new Date(Date.UTC(c.expiryYear, c.expiryMonth, 0, 23, 59, 59)).toISOString();
  return {
    id: c.id,
    cardRequestId: c.requestId,
    cardProgram: c.program as CardProgram,
    number: `•••• •••• •••• ${c.last4}`,
    expired,
    cardholderName: c.cardholderName,
    cardType: c.cardType,
    colour: c.colour,
    cardCompany: CARD_COMPANY,
    status: c.status,
    displayStatus: displayStatus({ status: c.status, deliveryState: c.deliveryState }),
    deliveryState: c.deliveryState,
    additionalStatuses: [] as string[],
    step: "CHECKOUT" as const,
    balance: zero,
    monthlyIncome: zero,
    monthlyExpenses: zero,
    ...terms,
    label: c.label,
    pinSet: c.pinSetAt !== null,
  };
}
