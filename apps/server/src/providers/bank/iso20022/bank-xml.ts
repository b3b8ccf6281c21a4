import { isCurrencyCode, parseAmount } from "@kestrel/money";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { BankFileError } from "./iso20022-errors.ts";

/** A parsed XML element: text, or children by name (attributes as "@Name", text as "#text"). */
export type XmlNode = string | { [name: string]: XmlNode | XmlNode[] | undefined };

// Elements that may repeat in the messages we read: always arrays, even with one occurrence.
const REPEATED = new Set([
  "Ntfctn",
  "Stmt",
  "Ntry",
  "NtryDtls",
  "TxDtls",
  "Bal",
  "Ustrd",
  "OrgnlPmtInfAndSts",
  "TxInfAndSts",
  "StsRsnInf",
  "AddtlInf",
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  // Keep every value a string: amounts and ids must not pass through a JS number.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => REPEATED.has(name),
});

/**
 * Reads one bank file: well-formed XML, no DOCTYPE (banks never send one; refusing it keeps
 * entity tricks out), the expected ISO 20022 namespace and message. Returns the message element.
 */
export function readBankXml(xml: string, spec: { namespace: string; message: string }): XmlNode {
  const refuse = (why: string): never => {
    throw new BankFileError("MALFORMED_FILE", why);
  };
  if (/<!DOCTYPE/i.test(xml)) refuse("a DOCTYPE is not allowed in a bank file");
  const valid = XMLValidator.validate(xml);
  if (valid !== true) refuse(`not well-formed XML at line ${valid.err.line}: ${valid.err.msg}`);
  const namespace = new RegExp(`xmlns(?::[\\w.-]+)?="${spec.namespace.replaceAll(".", "\\.")}"`);
  if (!namespace.test(xml)) {
    throw new BankFileError("WRONG_MESSAGE", `expected a ${spec.namespace.split(":").pop()} document`);
  }
  const document = child(parser.parse(xml), "Document", "Document");
  if (typeof document === "string" || document[spec.message] === undefined) {
    throw new BankFileError("WRONG_MESSAGE", `expected ${spec.message} in the Document`);
  }
  return child(document, spec.message, spec.message);
}

/** The one child element `name` of `node`; MALFORMED_FILE naming `path` when missing. */
function child(node: XmlNode | undefined, name: string, path: string): XmlNode {
  const found = optionalChild(node, name);
  if (found === undefined) throw new BankFileError("MALFORMED_FILE", `${path}: missing`);
  return found;
}

export function optionalChild(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (node === undefined || typeof node === "string") return undefined;
  const value = node[name];
  return Array.isArray(value) ? value[0] : value;
}

/** All children `name` (a REPEATED element), possibly none. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === "string") return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text at a path of element names below `node`; MALFORMED_FILE naming the path if absent. */
export function text(node: XmlNode | undefined, path: string[], where: string): string {
  const value = optionalText(node, path);
  if (value === null || value === "")
    throw new BankFileError("MALFORMED_FILE", `${where}/${path.join("/")}: missing`);
  return value;
}

export function optionalText(node: XmlNode | undefined, path: string[]): string | null {
  let at: XmlNode | undefined = node;
  for (const name of path) at = optionalChild(at, name);
  if (at === undefined) return null;
  if (typeof at === "string") return at;
  const inner = at["#text"];
  return typeof inner === "string" ? inner : null;
}

/** An amount element (`<Amt Ccy="EUR">12.50</Amt>`) as minor units of its currency. */
export function amount(
  node: XmlNode | undefined,
  name: string,
  where: string,
): { minor: bigint; currency: string } {
  const element = child(node, name, `${where}/${name}`);
  const currency = typeof element === "string" ? undefined : element["@Ccy"];
  if (typeof currency !== "string" || !isCurrencyCode(currency)) {
    throw new BankFileError("MALFORMED_FILE", `${where}/${name}: unknown currency (${String(currency)})`);
  }
  const value = text(node, [name], where);
  const parsed = parseAmount(value, currency);
  if (!parsed.ok) throw new BankFileError("MALFORMED_FILE", `${where}/${name}: not an amount (${value})`);
  return { minor: parsed.minor, currency };
}

/** The GrpHdr's MsgId and creation time every ISO 20022 message starts with. */
export function groupHeader(message: XmlNode, where: string): { msgId: string; createdAt: string } {
  const header = child(message, "GrpHdr", `${where}/GrpHdr`);
  return {
    msgId: text(header, ["MsgId"], `${where}/GrpHdr`),
    createdAt: text(header, ["CreDtTm"], `${where}/GrpHdr`),
  };
}
