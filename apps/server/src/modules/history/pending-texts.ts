import type { HistoryStatus, HistoryType } from "../../db/schema/history.ts";

/**
 * What a customer reads while an operation waits (docs/history.md "Pending"): why it waits, what
 * happens next and about how long. The one table of these texts: the history (list and details)
 * and the receipt both read them from the history's items, so they never say different things.
 */
export type PendingText = { reason: string; nextStep: string; expectedTime: string };

/** The statuses in which an operation still waits (today PENDING; a new waiting status joins here). */
export type PendingStatus = Exclude<HistoryStatus, "COMPLETED" | "FAILED">;
export const PENDING_STATUSES: readonly PendingStatus[] = ["PENDING"];

type ByDirection = PendingText | { IN: PendingText; OUT: PendingText };

const CHAIN_TIME = "Usually 5 to 60 minutes, depending on the network and how busy it is.";
const INSTANT = "A few seconds. If it still says pending after a few minutes, please contact support.";

/**
 * Every kind × waiting status. A kind added to HISTORY_TYPES without its texts does not compile,
 * and pending-texts.test.ts walks the table.
 */
export const PENDING_TEXTS: Record<HistoryType, Record<PendingStatus, ByDirection>> = {
  RECEIVE_CRYPTO: {
    PENDING: {
      reason: "The transfer is on the network and is waiting for its confirmations.",
      nextStep:
        "Your wallet is credited once it has all its confirmations. If the network drops it, nothing is credited.",
      expectedTime: CHAIN_TIME,
    },
  },
  SEND_TO_WALLET: {
    PENDING: {
      IN: {
        reason: "The transfer is on the network and is waiting for its confirmations.",
        nextStep: "Your wallet is credited once it has all its confirmations.",
        expectedTime: CHAIN_TIME,
      },
      OUT: {
        reason: "Your transfer has been sent to the network and is waiting for its confirmations.",
        nextStep:
          "It completes once the network has confirmed it. If the network rejects it, the amount and the fee come back to your wallet.",
        expectedTime: CHAIN_TIME,
      },
    },
  },
  SEND_TO_PHONE: {
    PENDING: {
      IN: {
        reason: "The transfer to you is being completed.",
        nextStep: "The amount appears in your wallet.",
        expectedTime: INSTANT,
      },
      OUT: {
        reason: "The phone number does not belong to a customer yet: the money is held for its owner.",
        nextStep:
          "It reaches them once they sign up with this number. If nobody claims it within 7 days, it comes back to you; until then you can cancel it.",
        expectedTime: "Up to 7 days.",
      },
    },
  },
  EXCHANGE: {
    PENDING: {
      reason: "The exchange is being completed.",
      nextStep: "The exchanged amount appears in your wallet.",
      expectedTime: INSTANT,
    },
  },
  EXCHANGE_IBAN: {
    PENDING: {
      reason: "The exchange into your IBAN account is being completed.",
      nextStep: "The euros appear in your IBAN account.",
      expectedTime: INSTANT,
    },
  },
  TEST_CREDIT: {
    PENDING: {
      reason: "The sandbox is adding test money.",
      nextStep: "The amount appears in your wallet.",
      expectedTime: INSTANT,
    },
  },
  DEPOSIT_OPEN: {
    PENDING: {
      reason: "Your deposit is being opened.",
      nextStep: "It starts earning interest once it is open.",
      expectedTime: INSTANT,
    },
  },
  DEPOSIT_CLOSE: {
    PENDING: {
      reason: "Your deposit is being closed.",
      nextStep: "The amount and the interest earned come back to your wallet.",
      expectedTime: INSTANT,
    },
  },
  CARD_ORDER: {
    PENDING: {
      reason: "The payment for your card is being completed.",
      nextStep: "Your card is then issued; the Cards page shows its progress.",
      expectedTime: INSTANT,
    },
  },
  CARD_ORDER_REFUND: {
    PENDING: {
      reason: "The refund of your card order is being completed.",
      nextStep: "The amount comes back to your wallet.",
      expectedTime: INSTANT,
    },
  },
  PAYIN_CARD: {
    PENDING: {
      reason: "Your bank is confirming the card payment (sometimes with a 3-D Secure check).",
      nextStep:
        "Your wallet is credited once your bank confirms. If it declines, or the check is not completed, nothing is charged.",
      expectedTime: "Usually under a minute; a 3-D Secure check waits up to 15 minutes for you.",
    },
  },
  PAYOUT_CARD: {
    PENDING: {
      reason: "The payout has been sent to your card's bank.",
      nextStep:
        "It completes when the bank accepts it. If the bank rejects it, the amount comes back to your wallet.",
      expectedTime: "Usually a few minutes; your bank may take up to 3 business days to show it.",
    },
  },
  IBAN_RECEIVE: {
    PENDING: {
      reason: "The incoming bank transfer is being checked.",
      nextStep: "The amount appears in your IBAN account.",
      expectedTime: "Usually within 1 business day.",
    },
  },
  IBAN_WITHDRAW: {
    PENDING: {
      reason: "Your SEPA transfer has been sent to the bank and is being executed.",
      nextStep:
        "It completes when the recipient's bank receives it. If a bank returns it, the amount comes back to your IBAN account.",
      expectedTime: "Usually within 1 business day.",
    },
  },
  CARD_TOP_UP: {
    PENDING: {
      reason: "Your card's issuer is loading the top-up.",
      nextStep: "The amount appears on your card.",
      expectedTime: INSTANT,
    },
  },
  ADJUSTMENT: {
    PENDING: {
      reason: "A correction of your wallet is waiting for a second check by our team.",
      nextStep: "It applies once approved; you will see it here.",
      expectedTime: "Usually within 1 business day.",
    },
  },
};

/** A chain operation's progress, where its details have it: "2 of 12 confirmations so far". */
function confirmationsSoFar(details: unknown): string {
  const d = details as { confirmations?: unknown; requiredConfirmations?: unknown } | null;
  if (typeof d?.confirmations !== "number" || typeof d.requiredConfirmations !== "number") return "";
  return ` ${d.confirmations} of ${d.requiredConfirmations} confirmations so far.`;
}

/** The texts of an operation in its state, or null when it no longer waits. */
export function pendingText(r: {
  type: HistoryType;
  status: HistoryStatus;
  direction: "IN" | "OUT";
  details: unknown;
}): PendingText | null {
  if (!(PENDING_STATUSES as readonly string[]).includes(r.status)) return null;
  const entry = PENDING_TEXTS[r.type][r.status as PendingStatus];
  const text = "reason" in entry ? entry : entry[r.direction];
  return { ...text, reason: text.reason + confirmationsSoFar(r.details) };
}

/** The history item's three fields: the texts while it waits, null once it is final. */
export function pendingFields(r: Parameters<typeof pendingText>[0]) {
  const text = pendingText(r);
  return {
    pendingReason: text?.reason ?? null,
    nextStep: text?.nextStep ?? null,
    expectedTime: text?.expectedTime ?? null,
  };
}
