/** Where a message ended, as a delivery receipt tells it. */
export type SmsFinalStatus = "delivered" | "failed" | "expired";

const ESM_TYPE_MASK = 0x3c;
const MC_DELIVERY_RECEIPT = 0x04;
// message_state (SMPP 3.4 §5.3.2.35): 2 delivered, 3 expired, 4 deleted, 5 undeliverable,
// 7 unknown, 8 rejected; 1 enroute and 6 accepted are not final.
const BY_STATE: Record<number, SmsFinalStatus> = {
  2: "delivered",
  3: "expired",
  4: "failed",
  5: "failed",
  7: "failed",
  8: "failed",
};
// The receipt text's `stat:` (SMPP 3.4 Appendix B).
const BY_STAT: Record<string, SmsFinalStatus> = {
  DELIVRD: "delivered",
  EXPIRED: "expired",
  DELETED: "failed",
  UNDELIV: "failed",
  UNKNOWN: "failed",
  REJECTD: "failed",
};

/**
 * A deliver_sm that is a delivery receipt (esm_class message type 0x04): the SMSC's id of the
 * message and its final status; undefined for a plain incoming message or a non-final state.
 * The TLVs (receipted_message_id, message_state) win over the text `id:... stat:...`.
 */
export function readReceipt(
  pdu: Record<string, unknown>,
): { messageId: string; status: SmsFinalStatus } | undefined {
  if (((Number(pdu.esm_class) || 0) & ESM_TYPE_MASK) !== MC_DELIVERY_RECEIPT) return undefined;
  const text = receiptText(pdu.short_message);
  const messageId =
    typeof pdu.receipted_message_id === "string" ? pdu.receipted_message_id : /\bid:(\S+)/.exec(text)?.[1];
  const status =
    typeof pdu.message_state === "number"
      ? BY_STATE[pdu.message_state]
      : BY_STAT[/\bstat:(\w+)/.exec(text)?.[1] ?? ""];
  return messageId && status ? { messageId, status } : undefined;
}

function receiptText(shortMessage: unknown): string {
  const message = (shortMessage as { message?: unknown } | undefined)?.message ?? shortMessage;
  if (typeof message === "string") return message;
  return Buffer.isBuffer(message) ? message.toString("latin1") : "";
}
