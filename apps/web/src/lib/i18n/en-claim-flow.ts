import { addFeatureTexts } from "./feature-texts.ts";

/** English texts of sending to a phone not yet a customer's: the notice, the result, the details. */
export const enClaimFlow = {
  claimFlow: {
    details: {
      HELD: "Waiting for {{phone}} to join. If they don't join by {{date}}, the money comes back to you.",
      CLAIMED: "{{phone}} joined and received it.",
      RETURNED: "{{phone}} didn't join within 7 days: the money came back to you.",
      CANCELLED: "You cancelled this send: the money came back to you.",
    },
    received: "Sent to you before you joined.",
    cancel: "Cancel send",
    cancelling: "Cancelling…",
    confirmCancel: {
      title: "Cancel this send?",
      text: "The {{amount}} waiting for {{phone}} comes back to your wallet now, and they can no longer receive it.",
      keep: "Keep waiting",
      confirm: "Yes, cancel the send",
    },
    notice:
      "They are not with {{merchant}} yet: we'll text them an invite. If they don't join in 7 days, the money comes back to you.",
    sentTitle: "Invite sent",
    sentDescription:
      "We texted them an invite. The money waits for them until {{date}}; if they don't join by then, it comes back to you.",
  },
} as const;

addFeatureTexts(enClaimFlow);
