import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { rowsOf, statementCsv, statementPdf } from "./statement-render.ts";
import { type StatementAccount, statementRange } from "./statement-rules.ts";

// December 2026, with one 25.5 USDT credit on the 3rd: the statement of the current month is
// issued on the 7th, the closed month's in January.
const december = statementRange("2026-12-01", "2026-12-31");
const onThe7th = new Date("2026-12-07T15:02:00Z");
const inJanuary = new Date("2027-01-03T09:00:00Z");
const wallet: StatementAccount = {
  accountId: "w",
  kind: "customer_wallet",
  currency: "USDT",
  label: "Wallet USDT",
  opening: 0n,
  lines: [
    {
      at: new Date("2026-12-03T08:30:00Z"),
      operationId: "op-1",
      description: "Test credit",
      amount: 25_500_000n,
      fee: 0n,
      balance: 25_500_000n,
    },
  ],
  closing: 25_500_000n,
};
const brand = { title: "Kestrel Wallet", color: "#1a56db", logoPng: null };

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe("a statement's closing balance", () => {
  it("is dated when it was read: the issue time for the current month, the last day once it is over", () => {
    expect(rowsOf(wallet, december, onThe7th).at(-1)?.date).toBe("2026-12-07 15:02 UTC");
    expect(rowsOf(wallet, december, inJanuary).at(-1)?.date).toBe("2026-12-31");
  });
});

describe("a statement as a person reads it (PDF) and as a spreadsheet reads it (CSV)", () => {
  it("prints amounts by the display rule and dates in the spec's formats; the CSV stays exact", async () => {
    // The date column wraps its lines: read the text as one line.
    const text = (await pdfText(await statementPdf(brand, [wallet], december, onThe7th))).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("Period: 1 December 2026 to 31 December 2026 (UTC)");
    expect(text).toContain("Issued: 7 December 2026, 15:02 UTC");
    expect(text).toContain("3 December 2026, 08:30 UTC Test credit 25.50 0.00 25.50");
    expect(text).toContain("7 December 2026, 15:02 UTC Closing balance 25.50");
    expect(text).not.toContain("25.500000");
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    const csv = statementCsv([wallet], december, onThe7th);
    expect(csv).toContain("2026-12-03 08:30 UTC,Test credit,25.500000,0.000000,25.500000");
    expect(csv).toContain("2026-12-07 15:02 UTC,Closing balance,,,25.500000");
  });
});
