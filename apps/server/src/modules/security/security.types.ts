import type { SecurityEventKind } from "../../db/schema/security.ts";

export { SECURITY_EVENT_KINDS } from "../../db/schema/security.ts";
export type { SecurityEventKind };

/** One entry of the security record, as the module that acted hands it over with its transaction. */
export type SecurityEvent = {
  merchantId: string;
  customerId: string;
  kind: SecurityEventKind;
  /** The session that acted (or, for a sign-in, the session it opened). */
  sessionId?: string | null;
  /** What the page shows beside the event: device, country, card's last digits. Never a secret. */
  details?: Record<string, string>;
};
