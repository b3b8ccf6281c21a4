import { toDecimalString } from "@kestrel/money";
import { isValidBIC, isValidIBAN } from "ibantools";
import { create } from "xmlbuilder2";
import { isEpcIdentifier, toEpcText } from "./epc-text.ts";
import { BankFileError } from "./iso20022-errors.ts";

const PAIN_001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";

/** The account money leaves from: the merchant's account at its bank. */
type SepaDebtor = { name: string; iban: string; bic: string };

type SepaCreditTransfer = {
  /** Our transfer id's EndToEndId (message-ids.ts): the bank echoes it in camt and pain.002. */
  endToEndId: string;
  /** EUR cents, more than zero. */
  amount: bigint;
  creditorName: string;
  creditorIban: string;
  creditorBic: string;
  remittance: string | null;
};

export type Pain001Order = {
  /** Unique per file; the file's idempotency key (the bank refuses a MsgId it has seen). */
  msgId: string;
  createdAt: Date;
  /** The day the bank should execute it (YYYY-MM-DD). */
  executionDate: string;
  debtor: SepaDebtor;
  transfers: SepaCreditTransfer[];
};

// EPC SCT caps: names 70 characters, unstructured remittance 140, amounts 0.01 to 999999999.99.
const NAME_MAX = 70;
const REMITTANCE_MAX = 140;
const AMOUNT_MAX = 99_999_999_999n;

/**
 * A pain.001.001.09 customer credit transfer initiation under the EPC SEPA Credit Transfer rules:
 * one PmtInf from the debtor's account, SEPA service level, charges shared (SLEV), EUR only, Latin
 * text. Refuses (INVALID_ORDER, naming the field) anything the bank would reject, before writing.
 */
export function writePain001(order: Pain001Order): string {
  checkOrder(order);
  const total = order.transfers.reduce((sum, t) => sum + t.amount, 0n);
  const count = String(order.transfers.length);
  const eur = (cents: bigint) => toDecimalString(cents, "EUR");

  const doc = create({ version: "1.0", encoding: "UTF-8" })
    .ele(PAIN_001_NAMESPACE, "Document")
    .ele("CstmrCdtTrfInitn");
  doc
    .ele("GrpHdr")
    .ele("MsgId")
    .txt(order.msgId)
    .up()
    .ele("CreDtTm")
    .txt(isoSeconds(order.createdAt))
    .up()
    .ele("NbOfTxs")
    .txt(count)
    .up()
    .ele("CtrlSum")
    .txt(eur(total))
    .up()
    .ele("InitgPty")
    .ele("Nm")
    .txt(toEpcText(order.debtor.name, NAME_MAX));

  const pmtInf = doc.ele("PmtInf");
  pmtInf
    .ele("PmtInfId")
    .txt(order.msgId)
    .up()
    .ele("PmtMtd")
    .txt("TRF")
    .up()
    .ele("NbOfTxs")
    .txt(count)
    .up()
    .ele("CtrlSum")
    .txt(eur(total))
    .up()
    .ele("PmtTpInf")
    .ele("SvcLvl")
    .ele("Cd")
    .txt("SEPA")
    .up()
    .up()
    .up()
    .ele("ReqdExctnDt")
    .ele("Dt")
    .txt(order.executionDate)
    .up()
    .up()
    .ele("Dbtr")
    .ele("Nm")
    .txt(toEpcText(order.debtor.name, NAME_MAX))
    .up()
    .up()
    .ele("DbtrAcct")
    .ele("Id")
    .ele("IBAN")
    .txt(order.debtor.iban)
    .up()
    .up()
    .up()
    .ele("DbtrAgt")
    .ele("FinInstnId")
    .ele("BICFI")
    .txt(order.debtor.bic)
    .up()
    .up()
    .up()
    .ele("ChrgBr")
    .txt("SLEV");

  for (const t of order.transfers) {
    const tx = pmtInf.ele("CdtTrfTxInf");
    tx.ele("PmtId").ele("EndToEndId").txt(t.endToEndId);
    tx.ele("Amt").ele("InstdAmt", { Ccy: "EUR" }).txt(eur(t.amount));
    tx.ele("CdtrAgt").ele("FinInstnId").ele("BICFI").txt(t.creditorBic);
    tx.ele("Cdtr").ele("Nm").txt(toEpcText(t.creditorName, NAME_MAX));
    tx.ele("CdtrAcct").ele("Id").ele("IBAN").txt(t.creditorIban);
    const remittance = t.remittance === null ? "" : toEpcText(t.remittance, REMITTANCE_MAX);
    if (remittance !== "") tx.ele("RmtInf").ele("Ustrd").txt(remittance);
  }
  return doc.doc().end({ prettyPrint: true });
}

function checkOrder(order: Pain001Order): void {
  const refuse = (field: string, why: string): never => {
    throw new BankFileError("INVALID_ORDER", `${field}: ${why}`);
  };
  if (!isEpcIdentifier(order.msgId)) refuse("msgId", "1 to 35 EPC identifier characters");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(order.executionDate)) refuse("executionDate", "must be YYYY-MM-DD");
  if (Number.isNaN(order.createdAt.getTime())) refuse("createdAt", "not a date");
  checkParty("debtor", order.debtor.name, order.debtor.iban, order.debtor.bic, refuse);
  if (order.transfers.length === 0) refuse("transfers", "at least one transfer");
  const seen = new Set<string>();
  order.transfers.forEach((t, i) => {
    const at = `transfers[${i}]`;
    if (!isEpcIdentifier(t.endToEndId)) refuse(`${at}.endToEndId`, "1 to 35 EPC identifier characters");
    if (seen.has(t.endToEndId)) refuse(`${at}.endToEndId`, "appears twice in one file");
    seen.add(t.endToEndId);
    if (t.amount <= 0n || t.amount > AMOUNT_MAX) refuse(`${at}.amount`, "from 0.01 to 999999999.99 EUR");
    checkParty(`${at}.creditor`, t.creditorName, t.creditorIban, t.creditorBic, refuse);
  });
}

function checkParty(
  at: string,
  name: string,
  iban: string,
  bic: string,
  refuse: (field: string, why: string) => never,
): void {
  if (toEpcText(name, NAME_MAX) === "") refuse(`${at}.name`, "has no Latin characters");
  if (!isValidIBAN(iban)) refuse(`${at}.iban`, `not a valid IBAN (${iban})`);
  if (!isValidBIC(bic)) refuse(`${at}.bic`, `not a valid BIC (${bic})`);
}

/** ISO date-time to the second, UTC (the schema takes it; banks dislike milliseconds). */
function isoSeconds(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}
