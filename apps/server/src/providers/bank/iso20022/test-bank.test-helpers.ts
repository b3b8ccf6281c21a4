import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toDecimalString } from "@kestrel/money";
import { XMLParser } from "fast-xml-parser";
import { create } from "xmlbuilder2";

/** A transfer as the test bank read it from our pain.001. */
export type CollectedTransfer = {
  msgId: string;
  endToEndId: string;
  amount: string;
  creditorIban: string;
  debtorIban: string;
};

/**
 * The bank's side of host-to-host SFTP in tests: collects our pain.001 files from the outbox
 * folder (removing them, as a bank does) and drops camt.054 / pain.002 files in the inbox.
 */
export function testBank(folders: { outbox: string; inbox: string }) {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false });
  return {
    collect(): { file: string; xml: string; transfers: CollectedTransfer[] }[] {
      return readdirSync(folders.outbox)
        .filter((f) => !f.startsWith("."))
        .map((file) => {
          const path = join(folders.outbox, file);
          const xml = readFileSync(path, "utf8");
          rmSync(path);
          const doc = parser.parse(xml).Document.CstmrCdtTrfInitn;
          const txs = [doc.PmtInf.CdtTrfTxInf].flat();
          const transfers = txs.map((tx) => ({
            msgId: doc.GrpHdr.MsgId,
            endToEndId: tx.PmtId.EndToEndId,
            amount: tx.Amt.InstdAmt["#text"],
            creditorIban: tx.CdtrAcct.Id.IBAN,
            debtorIban: doc.PmtInf.DbtrAcct.Id.IBAN,
          }));
          return { file, xml, transfers };
        });
    },
    drop(file: string, xml: string): void {
      writeFileSync(join(folders.inbox, file), xml);
    },
  };
}

type Camt054Entry = {
  direction: "CRDT" | "DBIT";
  amount: bigint;
  endToEndId: string;
  counterpartyName: string;
  counterpartyIban: string;
};

/** A camt.054.001.08 booking the entries on `accountIban`. */
export function camt054(msgId: string, accountIban: string, entries: Camt054Entry[]): string {
  const ntfctn = create({ version: "1.0", encoding: "UTF-8" })
    .ele("urn:iso:std:iso:20022:tech:xsd:camt.054.001.08", "Document")
    .ele("BkToCstmrDbtCdtNtfctn");
  ntfctn.ele("GrpHdr").ele("MsgId").txt(msgId).up().ele("CreDtTm").txt("2026-12-07T12:00:00Z");
  const n = ntfctn.ele("Ntfctn");
  n.ele("Id").txt(`N-${msgId}`).up().ele("CreDtTm").txt("2026-12-07T12:00:00Z");
  n.ele("Acct").ele("Id").ele("IBAN").txt(accountIban);
  for (const e of entries) {
    const amount = toDecimalString(e.amount, "EUR");
    const ntry = n.ele("Ntry");
    ntry.ele("Amt", { Ccy: "EUR" }).txt(amount);
    ntry.ele("CdtDbtInd").txt(e.direction);
    ntry.ele("Sts").ele("Cd").txt("BOOK");
    ntry.ele("BookgDt").ele("Dt").txt("2026-12-07");
    const fmly = ntry.ele("BkTxCd").ele("Domn").ele("Cd").txt("PMNT").up().ele("Fmly");
    fmly
      .ele("Cd")
      .txt(e.direction === "CRDT" ? "RCDT" : "ICDT")
      .up()
      .ele("SubFmlyCd")
      .txt("ESCT");
    const tx = ntry.ele("NtryDtls").ele("TxDtls");
    tx.ele("Refs").ele("EndToEndId").txt(e.endToEndId);
    tx.ele("Amt", { Ccy: "EUR" }).txt(amount);
    const party = e.direction === "CRDT" ? "Dbtr" : "Cdtr";
    const parties = tx.ele("RltdPties");
    parties.ele(party).ele("Pty").ele("Nm").txt(e.counterpartyName);
    parties.ele(`${party}Acct`).ele("Id").ele("IBAN").txt(e.counterpartyIban);
  }
  return ntfctn.doc().end({ prettyPrint: true });
}

/** A pain.002.001.10 refusing one transaction of our pain.001 with an ISO reason code. */
export function pain002Rejection(
  msgId: string,
  original: { msgId: string; endToEndId: string },
  reason: string,
): string {
  const report = create({ version: "1.0", encoding: "UTF-8" })
    .ele("urn:iso:std:iso:20022:tech:xsd:pain.002.001.10", "Document")
    .ele("CstmrPmtStsRpt");
  report.ele("GrpHdr").ele("MsgId").txt(msgId).up().ele("CreDtTm").txt("2026-12-07T12:00:00Z");
  report
    .ele("OrgnlGrpInfAndSts")
    .ele("OrgnlMsgId")
    .txt(original.msgId)
    .up()
    .ele("OrgnlMsgNmId")
    .txt("pain.001.001.09")
    .up()
    .ele("GrpSts")
    .txt("RJCT");
  const tx = report.ele("OrgnlPmtInfAndSts").ele("OrgnlPmtInfId").txt(original.msgId).up().ele("TxInfAndSts");
  tx.ele("OrgnlEndToEndId").txt(original.endToEndId).up().ele("TxSts").txt("RJCT");
  tx.ele("StsRsnInf").ele("Rsn").ele("Cd").txt(reason);
  return report.doc().end({ prettyPrint: true });
}
