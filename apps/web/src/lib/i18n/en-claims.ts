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
  },
} as const;

addFeatureTexts(enClaims);
