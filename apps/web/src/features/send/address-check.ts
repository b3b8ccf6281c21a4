import type { SendValidation } from "./api/send-calls.ts";

export type AddressStatus =
  | { state: "empty" }
  | { state: "checking" }
  | { state: "valid" }
  | { state: "invalid"; message?: string };

// Refusals of POST /v1/wallet/send/validate that are about the address itself; the others
// (balance, limits, minimum) are the amount's business and come back from the send.
const ADDRESS_REASONS = new Set(["ADDRESS_INVALID", "ADDRESS_CHECKSUM_INVALID", "CANNOT_SEND_TO_SELF"]);

/** What the address field says: the network's pattern first, then the server's check if any. */
export function addressVerdict(input: {
  address: string;
  pattern: string | null;
  checking: boolean;
  validation: SendValidation | undefined;
}): AddressStatus {
  if (input.address === "") return { state: "empty" };
  if (input.pattern && !safeTest(input.pattern, input.address)) return { state: "invalid" };
  if (input.checking) return { state: "checking" };
  const v = input.validation;
  if (v && !v.possibleToExecute && (v.field === "address" || ADDRESS_REASONS.has(v.reason ?? "")))
    return { state: "invalid", ...(v.message ? { message: v.message } : {}) };
  return { state: "valid" };
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return true;
  }
}
