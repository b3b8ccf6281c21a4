import type { SecurityEvent } from "../../db/schema/security.ts";

export { SECURITY_EVENT_KINDS } from "../../db/schema/security.ts";
export type { SecurityEvent };
