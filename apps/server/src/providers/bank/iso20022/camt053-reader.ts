import { amount, children, groupHeader, optionalText, readBankXml, text } from "./bank-xml.ts";
import { type BankEntry, readEntries } from "./camt-entries.ts";
import { BankFileError } from "./iso20022-errors.ts";

const CAMT_053_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08";

/** One account's statement for the day: balances and every booked entry, for reconciliation. */
type AccountStatement = {
  id: string;
  accountIban: string;
  /** Signed minor units (a debit balance is negative), by type: OPBD opening, CLBD closing... */
  balances: { type: string; amount: bigint; currency: string; date: string }[];
  entries: BankEntry[];
};

export type Camt053 = { msgId: string; createdAt: string; statements: AccountStatement[] };

/** Reads a camt.053.001.08 bank-to-customer statement; malformed files throw BankFileError. */
export function readCamt053(xml: string): Camt053 {
  const message = readBankXml(xml, { namespace: CAMT_053_NAMESPACE, message: "BkToCstmrStmt" });
  const { msgId, createdAt } = groupHeader(message, "BkToCstmrStmt");
  const statements = children(message, "Stmt").map((stmt, i) => {
    const where = `Stmt[${i + 1}]`;
    const balances = children(stmt, "Bal").map((bal, j) => {
      const at = `${where}/Bal[${j + 1}]`;
      const { minor, currency } = amount(bal, "Amt", at);
      const sign = text(bal, ["CdtDbtInd"], at) === "DBIT" ? -1n : 1n;
      const type =
        optionalText(bal, ["Tp", "CdOrPrtry", "Cd"]) ?? text(bal, ["Tp", "CdOrPrtry", "Prtry"], at);
      const date = optionalText(bal, ["Dt", "Dt"]) ?? text(bal, ["Dt", "DtTm"], at).slice(0, 10);
      return { type, amount: sign * minor, currency, date };
    });
    return {
      id: text(stmt, ["Id"], where),
      accountIban: text(stmt, ["Acct", "Id", "IBAN"], where),
      balances,
      entries: readEntries(stmt, where),
    };
  });
  if (statements.length === 0) throw new BankFileError("MALFORMED_FILE", "BkToCstmrStmt/Stmt: missing");
  return { msgId, createdAt, statements };
}
