import { type Camt053, readCamt053 } from "./camt053-reader.ts";
import { type Camt054, readCamt054 } from "./camt054-reader.ts";
import { BankFileError, isBankFileError } from "./iso20022-errors.ts";
import { type Pain002, readPain002 } from "./pain002-reader.ts";
import type { BankFileTransport } from "./sftp-transport.ts";

/** One report from the bank, read. */
export type BankReport =
  | { kind: "camt.054"; report: Camt054 }
  | { kind: "camt.053"; report: Camt053 }
  | { kind: "pain.002"; report: Pain002 };

/**
 * The MsgIds already handled. `once` runs `apply` only for a MsgId never applied and records it
 * with the same commit (in production: a table with a unique MsgId, written in the transaction
 * that books the report), so a report is applied once however often the bank drops it.
 */
export interface HandledMessages {
  once(msgId: string, apply: () => Promise<void>): Promise<"APPLIED" | "DUPLICATE">;
}

export type InboxOutcome =
  | { file: string; msgId: string | null; result: "APPLIED" }
  | { file: string; msgId: string | null; result: "REFUSED"; error: BankFileError };

/** Reads any report we take, by its message namespace; other files are WRONG_MESSAGE. */
export function readBankReport(xml: string): BankReport {
  if (xml.includes("camt.054.001.08")) return { kind: "camt.054", report: readCamt054(xml) };
  if (xml.includes("camt.053.001.08")) return { kind: "camt.053", report: readCamt053(xml) };
  if (xml.includes("pain.002.001.10")) return { kind: "pain.002", report: readPain002(xml) };
  throw new BankFileError("WRONG_MESSAGE", "neither camt.054.001.08, camt.053.001.08 nor pain.002.001.10");
}

/**
 * One poll of the bank's inbox: each file is read, applied once by its MsgId and acknowledged.
 * A malformed file stays in the inbox untouched (REFUSED, for an operator to take up with the
 * bank); a duplicate is acknowledged without being applied again (REFUSED: DUPLICATE_FILE).
 * A failing `apply` leaves the file for the next poll.
 */
export async function pollBankInbox(deps: {
  transport: BankFileTransport;
  handled: HandledMessages;
  apply: (report: BankReport) => Promise<void>;
}): Promise<InboxOutcome[]> {
  const outcomes: InboxOutcome[] = [];
  for (const file of await deps.transport.listInbox()) {
    let read: BankReport;
    try {
      read = readBankReport(await deps.transport.download(file));
    } catch (error) {
      if (!isBankFileError(error)) throw error;
      outcomes.push({ file, msgId: null, result: "REFUSED", error: named(file, error) });
      continue;
    }
    const msgId = read.report.msgId;
    const result = await deps.handled.once(msgId, () => deps.apply(read));
    await deps.transport.acknowledge(file);
    outcomes.push(
      result === "APPLIED"
        ? { file, msgId, result }
        : {
            file,
            msgId,
            result: "REFUSED",
            error: new BankFileError("DUPLICATE_FILE", `${file}: MsgId ${msgId} was already applied`),
          },
    );
  }
  return outcomes;
}

function named(file: string, error: BankFileError): BankFileError {
  return new BankFileError(error.code, `${file}: ${error.message}`);
}
