import { addFeatureTexts } from "./feature-texts.ts";

/** How lists name a send to a phone not yet a customer's (a claimable transfer): label and status. */
export const enClaims = {
  claims: {
    labels: {
      HELD: "Waiting for them to join",
      CLAIMED: "Sent by phone",
      RETURNED: "Came back to you",
      CANCELLED: "Send cancelled",
    },
    statuses: {
      HELD: "Waiting",
      CLAIMED: "Completed",
      RETURNED: "Returned",
      CANCELLED: "Cancelled",
    },
    // Read after the struck-through amount: it was not taken (the list's line-through says so to the eye).
    amountNote: "returned to you",
  },
  historyAmount: {
    notMoved: "did not go through",
  },
} as const;

addFeatureTexts(enClaims);
