import { BankFileError } from "./iso20022-errors.ts";

// Our transfer ids are UUIDs (36 characters); ISO 20022 identifiers hold at most 35. The 32 hex
// digits without dashes carry the same id, and the bank echoes them back in camt and pain.002.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX32 = /^[0-9a-f]{32}$/i;

/** The EndToEndId of a transfer: its id's 32 hex digits. */
export function endToEndIdOf(transferId: string): string {
  if (!UUID.test(transferId))
    throw new BankFileError("INVALID_ORDER", `reference: not a transfer id (${transferId})`);
  return transferId.replaceAll("-", "").toLowerCase();
}

/** Our transfer id back from an EndToEndId we wrote; null for one we did not write. */
export function transferIdOf(endToEndId: string): string | null {
  if (!HEX32.test(endToEndId)) return null;
  const h = endToEndId.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The MsgId of the file that carries one transfer: derived from the transfer id, so sending it
 * again writes the same MsgId and the same file name, which the bank refuses as a duplicate.
 */
export function messageIdOf(transferId: string): string {
  return `KT${endToEndIdOf(transferId)}`;
}

/** The file name of a pain.001 in the bank's folder: its MsgId. */
export function pain001FileName(msgId: string): string {
  return `${msgId}.pain.001.xml`;
}
