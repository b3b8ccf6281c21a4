import type { HistoryOperation } from "../../lib/history/history-queries.ts";
import { saveBlob } from "./history-files.ts";

const COLUMNS = [
  "Date",
  "Type",
  "Status",
  "Direction",
  "Amount",
  "Currency",
  "Fee",
  "Counterparty",
  "Operation ID",
] as const;

// A cell a spreadsheet would run as a formula ("=HYPERLINK(...)") is prefixed with a quote;
// a masked phone such as "+49 *** 78" stays as it is.
const FORMULA = /^(?:[=@\t\r]|[+-](?![\d\s*]))/;

/** One CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvCell(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The loaded operations as CSV, newest first as listed; amounts stay exact decimal strings. */
export function buildHistoryCsv(operations: readonly HistoryOperation[]): string {
  const rows = operations.map((op) => [
    op.operationDate || op.createdAt,
    op.type,
    op.status,
    op.direction,
    op.amount,
    op.currency,
    op.fee,
    op.counterparty ?? "",
    op.operationId,
  ]);
  return `${[COLUMNS, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** Saves `csv` as a file. */
export function downloadCsv(csv: string, fileName: string): void {
  saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), fileName);
}
