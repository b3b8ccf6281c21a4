import { ApiError } from "@kestrel/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { SmsConfirmResult } from "../../components/modal/SmsConfirmationModal.tsx";
import { HISTORY_QUERY_KEY } from "../../lib/history/history-queries.ts";
import { useApi } from "../../lib/session/session-context.tsx";
import { WALLETS_QUERY_KEY } from "../../lib/wallets/wallet-queries.ts";
import { type ActionKey, keyForAction } from "./action-key.ts";
import { postSend, type SendDetails, type SendResult } from "./api/send-calls.ts";

export type SendModal =
  | { kind: "none" }
  | { kind: "sms" }
  | { kind: "done"; result: SendResult }
  | { kind: "error"; message: string };

const isConfirmationRequired = (error: unknown) =>
  error instanceof ApiError && error.code === "SEND_CONFIRMATION_REQUIRED";

/**
 * One send: POST with the action's Idempotency-Key (kept for retries and the SMS repeat), the
 * SMS step when the server asks for it, then the result. A refusal naming a field goes back to
 * the form through `onFieldError`; any other refusal opens the error modal with its message.
 */
export function useSendFlow(onFieldError: (error: ApiError) => boolean, onSent: () => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const actionKey = useRef<ActionKey | null>(null);
  const details = useRef<SendDetails | null>(null);
  const [modal, setModal] = useState<SendModal>({ kind: "none" });
  const [sending, setSending] = useState(false);

  const finish = (result: SendResult) => {
    actionKey.current = null;
    void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
    setModal({ kind: "done", result });
    onSent();
  };

  const attempt = async (code?: string) => {
    const current = details.current;
    if (!current) return;
    actionKey.current = keyForAction(actionKey.current, JSON.stringify(current));
    finish(await postSend(api, current, actionKey.current.key, code));
  };

  const send = async (next: SendDetails) => {
    details.current = next;
    setSending(true);
    try {
      await attempt();
    } catch (error) {
      if (isConfirmationRequired(error)) setModal({ kind: "sms" });
      else if (!(error instanceof ApiError && onFieldError(error)))
        setModal({ kind: "error", message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  };

  const confirmCode = async (code: string): Promise<SmsConfirmResult> => {
    try {
      await attempt(code);
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && error.field === "X-Confirmation-Code")
        return { ok: false, message: error.message };
      setModal({ kind: "error", message: error instanceof Error ? error.message : String(error) });
      return { ok: true };
    }
  };

  const resendCode = async () => {
    try {
      await attempt();
    } catch (error) {
      if (!isConfirmationRequired(error))
        setModal({ kind: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };

  const retry = () => {
    if (details.current) void send(details.current);
  };

  return { modal, sending, send, confirmCode, resendCode, retry, close: () => setModal({ kind: "none" }) };
}
