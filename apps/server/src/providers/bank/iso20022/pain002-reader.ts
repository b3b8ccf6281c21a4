import {
  children,
  groupHeader,
  optionalChild,
  optionalText,
  readBankXml,
  text,
  type XmlNode,
} from "./bank-xml.ts";

const PAIN_002_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.002.001.10";

/** Why the bank refused: an ISO reason code (AC04, AM05, DU01...) and its words if given. */
type RejectReason = { code: string; text: string | null };

/** A pain.002.001.10 status report on one pain.001 we sent. */
export type Pain002 = {
  msgId: string;
  createdAt: string;
  /** The MsgId of our pain.001 this reports on. */
  originalMsgId: string;
  /** RJCT: the whole file was refused, every transfer in it failed (`fileRejection` says why). */
  groupStatus: string | null;
  fileRejection: RejectReason | null;
  /** Each transaction the bank refused, by our EndToEndId. */
  rejected: { endToEndId: string; reason: RejectReason | null }[];
};

const REJECTED = "RJCT";

/** Reads a pain.002; malformed files throw BankFileError naming the field. */
export function readPain002(xml: string): Pain002 {
  const message = readBankXml(xml, { namespace: PAIN_002_NAMESPACE, message: "CstmrPmtStsRpt" });
  const { msgId, createdAt } = groupHeader(message, "CstmrPmtStsRpt");
  const group = optionalChild(message, "OrgnlGrpInfAndSts");
  const originalMsgId = text(group, ["OrgnlMsgId"], "CstmrPmtStsRpt/OrgnlGrpInfAndSts");
  const groupStatus = optionalText(group, ["GrpSts"]);
  const rejected = children(message, "OrgnlPmtInfAndSts").flatMap((pmtInf, i) =>
    children(pmtInf, "TxInfAndSts").flatMap((tx, j) => {
      const where = `OrgnlPmtInfAndSts[${i + 1}]/TxInfAndSts[${j + 1}]`;
      // A transaction without its own status shares its payment block's.
      const status = optionalText(tx, ["TxSts"]) ?? optionalText(pmtInf, ["PmtInfSts"]);
      if (status !== REJECTED) return [];
      return [{ endToEndId: text(tx, ["OrgnlEndToEndId"], where), reason: reasonOf(tx) }];
    }),
  );
  return {
    msgId,
    createdAt,
    originalMsgId,
    groupStatus,
    fileRejection: groupStatus === REJECTED ? (reasonOf(group) ?? { code: "NARR", text: null }) : null,
    rejected,
  };
}

function reasonOf(node: XmlNode | undefined): RejectReason | null {
  const info = children(node, "StsRsnInf")[0];
  if (info === undefined) return null;
  const code = optionalText(info, ["Rsn", "Cd"]) ?? optionalText(info, ["Rsn", "Prtry"]) ?? "NARR";
  const words = children(info, "AddtlInf").filter((t) => typeof t === "string");
  return { code, text: words.length === 0 ? null : words.join(" ") };
}
