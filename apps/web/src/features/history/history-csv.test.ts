import { describe, expect, it } from "vitest";
import { historyOperation } from "../../test/fake-history.ts";
import { buildHistoryCsv, csvCell } from "./history-csv.ts";

describe("history CSV", () => {
  it("has a header and one line per operation, amounts exact", () => {
    const csv = buildHistoryCsv([
      historyOperation(),
      historyOperation({ counterparty: null, amount: "0.00120000" }),
    ]);
    expect(csv.split("\r\n")).toEqual([
      "Date,Type,Status,Direction,Amount,Currency,Fee,Counterparty,Operation ID",
      "2026-11-20T10:15:00.000Z,SEND_TO_PHONE,COMPLETED,OUT,12.50,USDT,0.00,+49 *** 78,7f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e3f",
      "2026-11-20T10:15:00.000Z,SEND_TO_PHONE,COMPLETED,OUT,0.00120000,USDT,0.00,,7f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e3f",
      "",
    ]);
  });

  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("-x")).toBe("'-x");
    expect(csvCell("+49 *** 78")).toBe("+49 *** 78");
  });
});
