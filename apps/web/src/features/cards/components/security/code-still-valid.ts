import { ApiError } from "@kestrel/api-client";

/**
 * A code asked for again within its 60-second wait is refused (429), but the one sent a moment
 * ago still works: go on to the code boxes instead of showing an error.
 */
export function codeStillValid(error: unknown): void {
  if (error instanceof ApiError && error.code === "SMS_CODE_DELAY_NOT_REACHED") return;
  throw error;
}
