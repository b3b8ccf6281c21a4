import { describe, expect, it } from "vitest";
import { readBankReport } from "./bank-inbox.ts";
import { readCamt053 } from "./camt053-reader.ts";
import { readCamt054 } from "./camt054-reader.ts";
import { fixture, nth, toolPresent, xsdErrors } from "./iso20022.test-helpers.ts";
import { type BankFileErrorCode, isBankFileError } from "./iso20022-errors.ts";
import { readPain002 } from "./pain002-reader.ts";

const codeOf = (read: () => unknown): BankFileErrorCode | "READ" => {
  try {
    read();
  } catch (error) {
    if (isBankFileError(error)) return error.code;
    throw error;
  }
  return "READ";
};
const messageOf = (read: () => unknown): string => {
  try {
    read();
  } catch (error) {
    return (error as Error).message;
  }
  return "READ";
};

const camt054 = fixture("camt.054-credit.xml");

describe.runIf(toolPresent("xmllint", "libxml2-utils"))("the sample bank files are valid ISO 20022", () => {
  it.each([
    ["camt.054-credit.xml", "camt.054.001.08.xsd"],
    ["camt.053-statement.xml", "camt.053.001.08.xsd"],
    ["pain.002-rejected.xml", "pain.002.001.10.xsd"],
    ["pain.002-file-rejected.xml", "pain.002.001.10.xsd"],
  ])("%s validates against %s", (file, xsd) => {
    expect(xsdErrors(fixture(file), xsd)).toBeNull();
  });
});

describe("camt.054 reader", () => {
  it("reads a credit to our IBAN and the debit of our own transfer", () => {
    const read = readCamt054(camt054);
    expect(read.msgId).toBe("BANK-054-20261207-0001");
    expect(read.entries).toEqual([
      {
        accountIban: "DE89370400440532013000",
        direction: "IN",
        amount: 25000n,
        currency: "EUR",
        status: "BOOK",
        bookingDate: "2026-12-07",
        reversal: false,
        bankReference: "BANKREF-IN-0001",
        endToEndId: "INVOICE-4711",
        counterpartyName: "Anna Schmidt",
        counterpartyIban: "FR1420041010050500013M02606",
        counterpartyBic: "PSSTFRPPPAR",
        remittance: "Top-up December",
      },
      expect.objectContaining({
        direction: "OUT",
        amount: 1250n,
        endToEndId: "0123456789abcdef0123456789abcdef",
        counterpartyName: "Zoe Muller",
      }),
    ]);
  });

  it("refuses a batch entry whose transactions do not add up to it", () => {
    const off = camt054.replace(
      '<Amt Ccy="EUR">250.00</Amt>\n        <CdtDbtInd>',
      '<Amt Ccy="EUR">260.00</Amt>\n        <CdtDbtInd>',
    );
    expect(messageOf(() => readCamt054(off))).toMatch(/Ntry\[1\]\/Amt: transactions do not add up/);
  });

  it("refuses malformed files naming what is wrong", () => {
    expect(codeOf(() => readCamt054(camt054.slice(0, 400)))).toBe("MALFORMED_FILE");
    expect(messageOf(() => readCamt054(camt054.replace("<IBAN>DE89370400440532013000</IBAN>", "")))).toMatch(
      /Ntfctn\[1\]\/Acct\/Id\/IBAN: missing/,
    );
    expect(
      messageOf(() =>
        readCamt054(camt054.replace("<CdtDbtInd>CRDT</CdtDbtInd>", "<CdtDbtInd>UP</CdtDbtInd>")),
      ),
    ).toMatch(/CdtDbtInd: neither CRDT nor DBIT/);
    expect(messageOf(() => readCamt054(camt054.replace('"EUR">250.00<', '"EUR">2,50<')))).toMatch(
      /not an amount/,
    );
    expect(messageOf(() => readCamt054(camt054.replace('Ccy="EUR">250.00<', 'Ccy="XYZ">250.00<')))).toMatch(
      /unknown currency/,
    );
    expect(
      messageOf(() => readCamt054(camt054.replace("<MsgId>BANK-054-20261207-0001</MsgId>", ""))),
    ).toMatch(/GrpHdr\/MsgId: missing/);
    const withDoctype = camt054.replace("<Document", '<!DOCTYPE d [<!ENTITY x "y">]>\n<Document');
    expect(messageOf(() => readCamt054(withDoctype))).toMatch(/DOCTYPE/);
  });

  it("refuses another message in its place", () => {
    expect(codeOf(() => readCamt054(fixture("camt.053-statement.xml")))).toBe("WRONG_MESSAGE");
    expect(codeOf(() => readCamt054(fixture("pain.002-rejected.xml")))).toBe("WRONG_MESSAGE");
  });
});

describe("camt.053 reader", () => {
  it("reads the day's balances and entries for reconciliation", () => {
    const read = readCamt053(fixture("camt.053-statement.xml"));
    expect(read.msgId).toBe("BANK-053-20261207");
    const stmt = nth(read.statements);
    expect(stmt.accountIban).toBe("DE89370400440532013000");
    expect(stmt.balances).toEqual([
      { type: "OPBD", amount: 100000n, currency: "EUR", date: "2026-12-07" },
      { type: "CLBD", amount: 123750n, currency: "EUR", date: "2026-12-07" },
    ]);
    expect(stmt.entries.map((e) => [e.direction, e.amount, e.endToEndId])).toEqual([
      ["IN", 25000n, "INVOICE-4711"],
      ["OUT", 1250n, "0123456789abcdef0123456789abcdef"],
    ]);
    // Opening + entries = closing: what a reconciliation checks first.
    const moved = stmt.entries.reduce((s, e) => s + (e.direction === "IN" ? e.amount : -e.amount), 0n);
    expect(nth(stmt.balances, 0).amount + moved).toBe(nth(stmt.balances, 1).amount);
  });

  it("reads a debit balance as negative", () => {
    const xml = fixture("camt.053-statement.xml").replace(
      '<Amt Ccy="EUR">1000.00</Amt>\n        <CdtDbtInd>CRDT</CdtDbtInd>',
      '<Amt Ccy="EUR">1000.00</Amt>\n        <CdtDbtInd>DBIT</CdtDbtInd>',
    );
    expect(nth(nth(readCamt053(xml).statements).balances).amount).toBe(-100000n);
  });
});

describe("pain.002 reader", () => {
  it("reads the rejected transactions with their reason, not the accepted ones", () => {
    const read = readPain002(fixture("pain.002-rejected.xml"));
    expect(read).toMatchObject({
      originalMsgId: "KT0123456789abcdef0123456789abcdef",
      groupStatus: "PART",
      fileRejection: null,
    });
    expect(read.rejected).toEqual([
      { endToEndId: "0123456789abcdef0123456789abcdef", reason: { code: "AC04", text: "Account closed" } },
    ]);
  });

  it("reads a whole file refused", () => {
    const read = readPain002(fixture("pain.002-file-rejected.xml"));
    expect(read.originalMsgId).toBe("KTfedcba9876543210fedcba9876543210");
    expect(read.fileRejection).toEqual({ code: "DU01", text: "Duplicate message id" });
  });

  it("refuses a report without the message it reports on", () => {
    const xml = fixture("pain.002-rejected.xml").replace(/<OrgnlMsgId>.*<\/OrgnlMsgId>/, "");
    expect(messageOf(() => readPain002(xml))).toMatch(/OrgnlGrpInfAndSts\/OrgnlMsgId: missing/);
  });
});

describe("any report, by its namespace", () => {
  it("tells the three apart and refuses anything else", () => {
    expect(readBankReport(camt054).kind).toBe("camt.054");
    expect(readBankReport(fixture("camt.053-statement.xml")).kind).toBe("camt.053");
    expect(readBankReport(fixture("pain.002-rejected.xml")).kind).toBe("pain.002");
    expect(codeOf(() => readBankReport("<Document/>"))).toBe("WRONG_MESSAGE");
  });
});
