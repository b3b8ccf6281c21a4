import type { DisplayStatus } from "@kestrel/domain";

// Named here for the cards feature's StatusNote until it imports @kestrel/domain itself
// (held by other work on 2026-12-07).
export type { DisplayStatus } from "@kestrel/domain";

/**
 * The statuses a customer sees for a card or an account (spec §3's second list). The server maps
 * provider statuses, order steps and delivery states to these once (cards, IBAN); the app only
 * explains them: a label, a tone, and for pending ones why, what comes next and about how long
 * (texts under `status.display.*`). The list itself is @kestrel/domain's DISPLAY_STATUSES.
 */
export type StatusTone = "positive" | "pending" | "attention" | "negative" | "neutral";

const TONES: Record<DisplayStatus, StatusTone> = {
  ACTIVE: "positive",
  READY: "attention",
  ACTION: "attention",
  VERIFICATION: "pending",
  PROGRESS: "pending",
  START: "neutral",
  SOON: "neutral",
  INACTIVE: "neutral",
  FROZEN: "negative",
  BLOCKED: "negative",
  REJECTED: "negative",
  KYC_REJECTED: "negative",
  MULTI_ACCOUNT: "negative",
};

export const toneOf = (status: DisplayStatus): StatusTone => TONES[status];

/** i18n keys of a status's label and explanation. */
export const statusTextKeys = (status: DisplayStatus) =>
  ({ label: `status.display.${status}.label`, text: `status.display.${status}.text` }) as const;
