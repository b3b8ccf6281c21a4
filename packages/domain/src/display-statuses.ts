/**
 * The one set of statuses a customer sees for a card or an account (spec §3's second list): the
 * server maps provider statuses, order steps and delivery states to these (cards, IBAN); the web
 * app explains them (a label, a tone, what comes next).
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
