import { formatDate as formatSpecDate } from "@kestrel/money";

/**
 * The date formats of spec §9 by the names the screens use. The formats themselves live in
 * @kestrel/money, shared with the server's PDFs; the web shows them in the browser's time zone.
 */
const DATE_FORMATS = {
  long: "D MMMM YYYY",
  dotted: "DD.MM.YYYY",
  dashed: "DD-MM-YYYY",
  time: "HH:mm",
  monthYear: "MMMM YYYY",
} as const;

export type DateFormat = keyof typeof DATE_FORMATS;

/** Formats a date (Date, ISO string or epoch milliseconds); an invalid date gives "". */
export function formatDate(value: Date | string | number, format: DateFormat): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : formatSpecDate(date, DATE_FORMATS[format]);
}
