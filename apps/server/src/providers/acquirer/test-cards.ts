/**
 * The sandbox acquirer's test cards (docs/payin-payout.md). Any other number that passes the Luhn
 * check behaves like the frictionless one. The expiry must be in the future, any CVV works.
 */
const SCENARIOS = [
  "FRICTIONLESS",
  "CHALLENGE",
  "DECLINE",
  "INSUFFICIENT_FUNDS",
  "CHALLENGE_FAILS",
  "LATE_CALLBACK",
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const TEST_CARDS: Record<string, { scenario: Scenario; what: string }> = {
  "4242424242424242": { scenario: "FRICTIONLESS", what: "Succeeds without a challenge" },
  "5555555555554444": { scenario: "FRICTIONLESS", what: "Succeeds without a challenge (Mastercard)" },
  "4000000000003220": { scenario: "CHALLENGE", what: "Asks for the one-time code, then succeeds" },
  "4000000000000002": { scenario: "DECLINE", what: "Declined by the bank; payouts to it are rejected" },
  "4000000000009995": { scenario: "INSUFFICIENT_FUNDS", what: "Declined: insufficient funds" },
  "4000008400001629": { scenario: "CHALLENGE_FAILS", what: "Asks for the code; authentication fails" },
  "4000000000000077": { scenario: "LATE_CALLBACK", what: "Succeeds, but the acquirer confirms late" },
};

export function scenarioOf(pan: string): Scenario {
  return TEST_CARDS[pan]?.scenario ?? "FRICTIONLESS";
}

/** Why a payment failed, in words for the customer. */
export const DECLINE_REASONS = {
  DECLINE: "Your bank declined the payment. Please use another card or contact your bank.",
  INSUFFICIENT_FUNDS: "Your bank declined the payment: insufficient funds on the card.",
  CHALLENGE_FAILS: "The 3-D Secure check failed, so your bank did not approve the payment.",
  CHALLENGE_EXPIRED:
    "The 3-D Secure check was not completed in time, so your bank did not approve the payment.",
  CHALLENGE_CANCELLED: "You cancelled the 3-D Secure check.",
  PAYOUT_REJECTED: "The card's bank did not accept the payout. Your money is back in your wallet.",
} as const;
