import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { type Pdf, type PdfBrand, renderPdf } from "./pdf-brand.ts";
import { printAmount, printDay, printMoment } from "./print-format.ts";
import { closingAt, type StatementAccount, type StatementRange } from "./statement-rules.ts";

// A statement as PDF and as CSV: the same rows and the same figures (both come from `rowsOf`),
// written for their readers: the CSV exact (every decimal, ISO dates) for a spreadsheet, the PDF
// by the display rule and the spec's date formats for a person (print-format.ts).

export type StatementRow = {
  date: string;
  description: string;
  amount: string;
  fee: string;
  balance: string;
};

/** How a file writes amounts, days and moments. */
type Style = {
  money: (minor: bigint, currency: string) => string;
  day: (day: string) => string;
  moment: (at: Date) => string;
};

const EXACT: Style = {
  money: (minor, currency) => toDecimalString(minor, currency as CurrencyCode),
  day: (day) => day,
  moment: (at) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`,
};
const PRINTED: Style = { money: printAmount, day: printDay, moment: printMoment };

/**
 * An account's rows: opening balance, each movement, closing balance. The closing balance is
 * dated when it was read: the period's last day, or the issue time for a period not yet over.
 */
export function rowsOf(
  account: StatementAccount,
  range: StatementRange,
  issuedAt: Date,
  style: Style = EXACT,
): StatementRow[] {
  const c = account.currency;
  const money = style.money;
  const closing = closingAt(range, issuedAt);
  return [
    {
      date: style.day(range.firstDay),
      description: "Opening balance",
      amount: "",
      fee: "",
      balance: money(account.opening, c),
    },
    ...account.lines.map((l) => ({
      date: style.moment(l.at),
      description: l.description,
      amount: money(l.amount, c),
      fee: money(l.fee, c),
      balance: money(l.balance, c),
    })),
    {
      date: closing === "end" ? style.day(range.lastDay) : style.moment(closing),
      description: "Closing balance",
      amount: "",
      fee: "",
      balance: money(account.closing, c),
    },
  ];
}

const CSV_COLUMNS = ["account", "currency", "date", "description", "amount", "fee", "balance"];

/** RFC 4180, and a leading = + - @ is quoted with ' so a spreadsheet never runs it as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function statementCsv(accounts: StatementAccount[], range: StatementRange, issuedAt: Date): string {
  const lines = [CSV_COLUMNS];
  for (const account of accounts) {
    for (const r of rowsOf(account, range, issuedAt)) {
      lines.push([account.label, account.currency, r.date, r.description, r.amount, r.fee, r.balance]);
    }
  }
  return `${lines.map((l) => l.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

const COLUMNS = [
  { key: "date", x: 40, width: 90, align: "left" },
  { key: "description", x: 132, width: 190, align: "left" },
  { key: "amount", x: 324, width: 80, align: "right" },
  { key: "fee", x: 406, width: 64, align: "right" },
  { key: "balance", x: 472, width: 83, align: "right" },
] as const;

function tableRow(doc: Pdf, row: StatementRow, bold = false) {
  if (doc.y > doc.page.height - 70) doc.addPage();
  const y = doc.y;
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8.5);
  let bottom = y;
  for (const col of COLUMNS) {
    doc.text(row[col.key], col.x, y, { width: col.width, align: col.align });
    bottom = Math.max(bottom, doc.y);
  }
  doc.text("", 40, bottom + 3);
}

export function statementPdf(
  brand: PdfBrand,
  accounts: StatementAccount[],
  range: StatementRange,
  issuedAt: Date,
): Promise<Buffer> {
  return renderPdf(brand, "Statement", (doc) => {
    doc.text(`Period: ${printDay(range.firstDay)} to ${printDay(range.lastDay)} (UTC)`);
    doc.text(`Issued: ${printMoment(issuedAt)}`);
    doc.text("Amounts are in each account's currency; fees are shown apart and included in the balance.");
    for (const account of accounts) {
      doc.moveDown(1);
      if (doc.y > doc.page.height - 120) doc.addPage();
      doc.font("Helvetica-Bold").fontSize(12).fillColor(brand.color).text(account.label, 40, doc.y);
      doc.fillColor("#111111").moveDown(0.3);
      tableRow(
        doc,
        { date: "Date", description: "Description", amount: "Amount", fee: "Fee", balance: "Balance" },
        true,
      );
      const rows = rowsOf(account, range, issuedAt, PRINTED);
      rows.forEach((row, i) => {
        tableRow(doc, row, i === 0 || i === rows.length - 1);
      });
    }
  });
}
