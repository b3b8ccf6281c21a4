import { children, groupHeader, readBankXml } from "./bank-xml.ts";
import { type BankEntry, readEntries } from "./camt-entries.ts";
import { BankFileError } from "./iso20022-errors.ts";

const CAMT_054_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:camt.054.001.08";

/** A camt.054.001.08 debit/credit notification: what was booked on our accounts, as it happens. */
export type Camt054 = { msgId: string; createdAt: string; entries: BankEntry[] };

/** Reads a camt.054; a malformed or other file throws BankFileError naming the field. */
export function readCamt054(xml: string): Camt054 {
  const message = readBankXml(xml, { namespace: CAMT_054_NAMESPACE, message: "BkToCstmrDbtCdtNtfctn" });
  const { msgId, createdAt } = groupHeader(message, "BkToCstmrDbtCdtNtfctn");
  const notifications = children(message, "Ntfctn");
  if (notifications.length === 0)
    throw new BankFileError("MALFORMED_FILE", "BkToCstmrDbtCdtNtfctn/Ntfctn: missing");
  const entries = notifications.flatMap((n, i) => readEntries(n, `Ntfctn[${i + 1}]`));
  return { msgId, createdAt, entries };
}
