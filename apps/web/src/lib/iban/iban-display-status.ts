/**
 * The customer display statuses of spec §3's second list ("card or account statuses") and their
 * tone on a badge. The server already maps an IBAN status to one of them (`displayStatus`,
 * modules/iban/iban-display-status.ts); this file only says how each looks, so cards and IBAN
 * can share it.
 */
export const DISPLAY_STATUSES = [
  "ACTIVE",
  "VERIFICATION",
  "PROGRESS",
  "REJECTED",
  "ACTION",
  "READY",
  "FROZEN",
  "BLOCKED",
  "START",
  "SOON",
  "KYC_REJECTED",
  "INACTIVE",
  "MULTI_ACCOUNT",
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

export type StatusTone = "positive" | "waiting" | "attention" | "negative" | "neutral";

export function displayTone(status: DisplayStatus): StatusTone {
  switch (status) {
    case "ACTIVE":
    case "READY":
      return "positive";
    case "VERIFICATION":
    case "PROGRESS":
      return "waiting";
    case "ACTION":
    case "START":
      return "attention";
    case "REJECTED":
    case "KYC_REJECTED":
    case "BLOCKED":
    case "FROZEN":
    case "MULTI_ACCOUNT":
      return "negative";
    case "SOON":
    case "INACTIVE":
      return "neutral";
  }
}
