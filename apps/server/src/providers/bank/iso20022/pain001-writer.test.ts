import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { nth, toolPresent, xsdErrors } from "./iso20022.test-helpers.ts";
import { isBankFileError } from "./iso20022-errors.ts";
import { endToEndIdOf, messageIdOf, transferIdOf } from "./message-ids.ts";
import { type Pain001Order, writePain001 } from "./pain001-writer.ts";

const transferId = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0";
const order = (change: Partial<Pain001Order> = {}): Pain001Order => ({
  msgId: messageIdOf(transferId),
  createdAt: new Date("2026-12-07T10:00:00.123Z"),
  executionDate: "2026-12-08",
  debtor: { name: "Nimbus Pay GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
  transfers: [
    {
      endToEndId: endToEndIdOf(transferId),
      amount: 1250n,
      creditorName: "Zoë Müller-Łódź",
      creditorIban: "FR1420041010050500013M02606",
      creditorBic: "PSSTFRPPPAR",
      remittance: "Miete – Dezember € 12,50 <ok>",
    },
  ],
  ...change,
});

const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false }).parse(xml)
    .Document.CstmrCdtTrfInitn;

const refusal = (o: Pain001Order): string => {
  try {
    writePain001(o);
  } catch (error) {
    if (isBankFileError(error, "INVALID_ORDER")) return error.message;
    throw error;
  }
  return "written";
};

describe.runIf(toolPresent("xmllint", "libxml2-utils"))("pain.001 against the official schemas", () => {
  it("validates against the ISO pain.001.001.09 XSD and the EPC SCT one", () => {
    const two = order({
      transfers: [
        ...order().transfers,
        {
          ...nth(order().transfers),
          endToEndId: "INV-2026-12-0042",
          amount: 99_999_999_999n,
          remittance: null,
        },
      ],
    });
    for (const xml of [writePain001(order()), writePain001(two)]) {
      expect(xsdErrors(xml, "pain.001.001.09.xsd")).toBeNull();
      expect(xsdErrors(xml, "epc-sct-pain.001.001.09.xsd")).toBeNull();
    }
  });

  it("the schema check catches a file off the EPC rules (the check can fail)", () => {
    const xml = writePain001(order()).replace("<Cd>SEPA</Cd>", "<Cd>URGP</Cd>");
    expect(xsdErrors(xml, "epc-sct-pain.001.001.09.xsd")).toMatch(/Cd/);
  });
});

describe("pain.001 content (EPC SCT rules)", () => {
  it("one PmtInf from the merchant's account: SEPA, SLEV, EUR, sums as 2-decimal strings", () => {
    const doc = parse(writePain001(order()));
    expect(doc.GrpHdr).toMatchObject({ MsgId: messageIdOf(transferId), NbOfTxs: "1", CtrlSum: "12.50" });
    expect(doc.GrpHdr.CreDtTm).toBe("2026-12-07T10:00:00Z");
    const pmt = doc.PmtInf;
    expect(Array.isArray(pmt)).toBe(false);
    expect(pmt).toMatchObject({
      PmtMtd: "TRF",
      ChrgBr: "SLEV",
      CtrlSum: "12.50",
      ReqdExctnDt: { Dt: "2026-12-08" },
    });
    expect(pmt.PmtTpInf.SvcLvl.Cd).toBe("SEPA");
    expect(pmt.DbtrAcct.Id.IBAN).toBe("DE89370400440532013000");
    expect(pmt.DbtrAgt.FinInstnId.BICFI).toBe("COBADEFFXXX");
    const tx = pmt.CdtTrfTxInf;
    expect(tx.Amt.InstdAmt).toEqual({ "#text": "12.50", "@Ccy": "EUR" });
    expect(tx.CdtrAcct.Id.IBAN).toBe("FR1420041010050500013M02606");
    expect(tx.CdtrAgt.FinInstnId.BICFI).toBe("PSSTFRPPPAR");
  });

  it("EndToEndId is our transfer id, and comes back to it", () => {
    const tx = parse(writePain001(order())).PmtInf.CdtTrfTxInf;
    expect(tx.PmtId.EndToEndId).toBe("0f1e2d3c4b5a49688776a5b4c3d2e1f0");
    expect(transferIdOf(tx.PmtId.EndToEndId)).toBe(transferId);
    expect(transferIdOf("INVOICE-4711")).toBeNull();
  });

  it("the same transfer always gets the same MsgId (the file's idempotency key), another one another", () => {
    expect(messageIdOf(transferId)).toBe(messageIdOf(transferId.toUpperCase()));
    expect(messageIdOf(transferId)).not.toBe(messageIdOf("0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f1"));
    expect(messageIdOf(transferId).length).toBeLessThanOrEqual(35);
  });

  it("writes names and remittance in the EPC Latin character set", () => {
    const tx = parse(writePain001(order())).PmtInf.CdtTrfTxInf;
    expect(tx.Cdtr.Nm).toBe("Zoe Muller-Lodz");
    expect(tx.RmtInf.Ustrd).toBe("Miete - Dezember EUR 12,50 ok");
  });

  it("cuts names to EPC's 70 characters", () => {
    const long = order({ debtor: { ...order().debtor, name: "A".repeat(90) } });
    expect(parse(writePain001(long)).PmtInf.Dbtr.Nm).toBe("A".repeat(70));
  });

  it("refuses bad orders naming the field, writing nothing", () => {
    const t = nth(order().transfers);
    expect(refusal(order({ msgId: "" }))).toMatch(/^msgId/);
    expect(refusal(order({ msgId: "x".repeat(36) }))).toMatch(/^msgId/);
    expect(refusal(order({ executionDate: "8.12.2026" }))).toMatch(/^executionDate/);
    expect(refusal(order({ debtor: { ...order().debtor, iban: "DE89370400440532013001" } }))).toMatch(
      /^debtor\.iban/,
    );
    expect(refusal(order({ debtor: { ...order().debtor, bic: "NOTABIC" } }))).toMatch(/^debtor\.bic/);
    expect(refusal(order({ transfers: [] }))).toMatch(/^transfers/);
    expect(refusal(order({ transfers: [{ ...t, amount: 0n }] }))).toMatch(/^transfers\[0\]\.amount/);
    expect(refusal(order({ transfers: [{ ...t, amount: 100_000_000_000n }] }))).toMatch(
      /^transfers\[0\]\.amount/,
    );
    expect(refusal(order({ transfers: [{ ...t, creditorIban: "FR14 2004" }] }))).toMatch(/creditor\.iban/);
    expect(refusal(order({ transfers: [{ ...t, creditorName: "東京" }] }))).toBe("written");
    expect(refusal(order({ transfers: [{ ...t, creditorName: "!!!" }] }))).toMatch(/creditor\.name/);
    expect(refusal(order({ transfers: [t, t] }))).toMatch(/^transfers\[1\]\.endToEndId: appears twice/);
    expect(() => endToEndIdOf("not-a-uuid")).toThrow(/reference/);
  });
});
