import { amount, children, optionalChild, optionalText, text, type XmlNode } from "./bank-xml.ts";
import { BankFileError } from "./iso20022-errors.ts";

/** One booked movement on one of our accounts, from a camt.054 notification or camt.053 statement. */
export type BankEntry = {
  /** Our account the money moved on. */
  accountIban: string;
  /** CRDT: money in; DBIT: money out. */
  direction: "IN" | "OUT";
  /** Minor units of `currency`, positive. */
  amount: bigint;
  currency: string;
  /** BOOK (final), PDNG (pending) or INFO, as the bank says. */
  status: string;
  /** YYYY-MM-DD, or null for a pending entry. */
  bookingDate: string | null;
  /** A reversal of an earlier entry (RvslInd): a returned transfer. */
  reversal: boolean;
  /** The bank's own reference of the entry (AcctSvcrRef). */
  bankReference: string | null;
  /** As the payer set it; for our own transfers, our EndToEndId (message-ids.ts). */
  endToEndId: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  remittance: string | null;
};

/**
 * The entries of one account report (camt.054 Ntfctn or camt.053 Stmt): one BankEntry per
 * transaction detail, or per entry when the bank gives no details.
 */
export function readEntries(report: XmlNode, where: string): BankEntry[] {
  const accountIban = text(report, ["Acct", "Id", "IBAN"], where);
  return children(report, "Ntry").flatMap((ntry, i) =>
    entriesOf(ntry, accountIban, `${where}/Ntry[${i + 1}]`),
  );
}

function entriesOf(ntry: XmlNode, accountIban: string, where: string): BankEntry[] {
  const total = amount(ntry, "Amt", where);
  const direction = directionOf(text(ntry, ["CdtDbtInd"], where), where);
  const base = {
    accountIban,
    direction,
    currency: total.currency,
    status: optionalText(ntry, ["Sts", "Cd"]) ?? text(ntry, ["Sts", "Prtry"], where),
    bookingDate:
      optionalText(ntry, ["BookgDt", "Dt"]) ?? optionalText(ntry, ["BookgDt", "DtTm"])?.slice(0, 10) ?? null,
    reversal: optionalText(ntry, ["RvslInd"]) === "true",
    bankReference: optionalText(ntry, ["AcctSvcrRef"]),
  };
  const details = children(ntry, "NtryDtls").flatMap((d) => children(d, "TxDtls"));
  if (details.length === 0) {
    return [{ ...base, amount: total.minor, ...counterparty(undefined, direction) }];
  }
  if (details.length > 1 && details.some((d) => optionalChild(d, "Amt") === undefined)) {
    throw new BankFileError(
      "MALFORMED_FILE",
      `${where}/NtryDtls: several transactions without their amounts`,
    );
  }
  const entries = details.map((tx, j) => {
    const at = `${where}/TxDtls[${j + 1}]`;
    const own = optionalChild(tx, "Amt") === undefined ? total : amount(tx, "Amt", at);
    if (own.currency !== total.currency) {
      throw new BankFileError(
        "MALFORMED_FILE",
        `${at}/Amt: currency ${own.currency} differs from the entry's`,
      );
    }
    return { ...base, amount: own.minor, ...counterparty(tx, direction) };
  });
  // A batch entry's transactions must add up to it: otherwise money would be lost or invented.
  const sum = entries.reduce((s, e) => s + e.amount, 0n);
  if (sum !== total.minor)
    throw new BankFileError("MALFORMED_FILE", `${where}/Amt: transactions do not add up to it`);
  return entries;
}

function directionOf(indicator: string, where: string): "IN" | "OUT" {
  if (indicator === "CRDT") return "IN";
  if (indicator === "DBIT") return "OUT";
  throw new BankFileError("MALFORMED_FILE", `${where}/CdtDbtInd: neither CRDT nor DBIT (${indicator})`);
}

/** Who paid us (money in) or whom we paid (money out), as far as the bank tells. */
function counterparty(tx: XmlNode | undefined, direction: "IN" | "OUT") {
  const party = direction === "IN" ? "Dbtr" : "Cdtr";
  const parties = optionalChild(tx, "RltdPties");
  const ustrd = children(optionalChild(tx, "RmtInf"), "Ustrd").filter((u) => typeof u === "string");
  return {
    endToEndId: nonPlaceholder(optionalText(tx, ["Refs", "EndToEndId"])),
    counterpartyName: optionalText(parties, [party, "Pty", "Nm"]) ?? optionalText(parties, [party, "Nm"]),
    counterpartyIban: optionalText(parties, [`${party}Acct`, "Id", "IBAN"]),
    counterpartyBic: optionalText(optionalChild(tx, "RltdAgts"), [`${party}Agt`, "FinInstnId", "BICFI"]),
    remittance: ustrd.length === 0 ? null : ustrd.join(" "),
  };
}

// SEPA's placeholder when the payer set no EndToEndId.
function nonPlaceholder(id: string | null): string | null {
  return id === null || id === "NOTPROVIDED" ? null : id;
}
