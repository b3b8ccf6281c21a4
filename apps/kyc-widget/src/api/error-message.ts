import { ApiError, SessionError } from "./kyc-api.ts";

/** The text a customer reads for a failure: the server's or the host's message, or ours. */
export function errorMessage(error: unknown, texts: { generic: string; network: string }): string {
  if (error instanceof SessionError || error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return texts.network;
  return texts.generic;
}
