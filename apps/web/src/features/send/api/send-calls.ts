import { unwrap } from "@kestrel/api-client";
import type { components } from "@kestrel/api-contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";
import type { WebSession } from "../../../lib/session/web-session.ts";

export type SendResult = components["schemas"]["SendResult"];
export type SendValidation = components["schemas"]["SendValidation"];

/** Exactly one of phone or address names the recipient. */
export type Recipient = { phone: string; address?: never } | { address: string; phone?: never };

export interface SendDetails {
  currency: string;
  amount: string;
  fee: string;
  recipient: Recipient;
  /** The phone is no customer's yet (the fee call said so) and the sender agreed: hold it for them. */
  invite?: boolean;
}

export type SendFee = components["schemas"]["SendFee"];

/** GET /v1/wallet/send/fee/{currency} for one amount and recipient, as a query (kept 30 s). */
export function sendFeeQuery(api: WebSession["api"], currency: string, amount: string, recipient: Recipient) {
  return queryOptions({
    queryKey: ["sendFee", currency, amount, recipient],
    queryFn: (): Promise<SendFee> =>
      unwrap(
        api.GET("/v1/wallet/send/fee/{currency}", {
          params: { path: { currency }, query: { amount, ...recipient } },
        }),
      ),
    staleTime: 30_000,
  });
}

/** The fee, asked once the amount and recipient are known. */
export function useSendFee(currency: string, amount: string, recipient: Recipient | undefined) {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  const query = sendFeeQuery(api, currency, amount, recipient ?? { phone: "" });
  return useQuery({
    ...query,
    enabled: signedIn && currency !== "" && amount !== "" && recipient !== undefined,
  });
}

/** POST /v1/wallet/send with the action's Idempotency-Key; the SMS code on the repeat. */
export function postSend(api: WebSession["api"], details: SendDetails, key: string, code?: string) {
  const headers: Record<string, string> = { "idempotency-key": key };
  if (code) headers["x-confirmation-code"] = code;
  return unwrap(
    api.POST("/v1/wallet/send", {
      body: {
        currency: details.currency,
        amount: details.amount,
        fee: details.fee,
        ...details.recipient,
        ...(details.invite ? { invite: true } : {}),
      },
      headers,
    }),
  );
}

/** POST /v1/wallet/send/validate: would the send go through now, and why not. */
export function validateSend(api: WebSession["api"], body: { currency: string; amount: string } & Recipient) {
  return unwrap(api.POST("/v1/wallet/send/validate", { body }));
}
