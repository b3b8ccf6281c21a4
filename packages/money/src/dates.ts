// Spec §9's date formats, one place for the web app and the server's PDFs and emails. English
// month names from a fixed table (no locale data): the same text on every machine. The time zone
// is named by the caller: UTC on a PDF, which has no reader's clock; the browser's on the web.

export type DateFormat = "D MMMM YYYY" | "DD.MM.YYYY" | "DD-MM-YYYY" | "HH:mm" | "MMMM YYYY";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

/** The calendar fields of `date` in `timeZone` (an IANA name; undefined: the runtime's own). */
function partsOf(date: Date, timeZone: string | undefined): Parts {
  if (Number.isNaN(date.getTime())) throw new RangeError("not a valid date");
  const formatter = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  });
  const read = (type: string) => Number(formatter.formatToParts(date).find((p) => p.type === type)?.value);
  return {
    year: read("year"),
    month: read("month"),
    day: read("day"),
    hour: read("hour"),
    minute: read("minute"),
  };
}

const two = (n: number) => String(n).padStart(2, "0");

export function formatDate(value: Date | string, format: DateFormat, timeZone?: string): string {
  const { year, month, day, hour, minute } = partsOf(new Date(value), timeZone);
  const monthName = MONTHS[month - 1];
  switch (format) {
    case "D MMMM YYYY":
      return `${day} ${monthName} ${year}`;
    case "DD.MM.YYYY":
      return `${two(day)}.${two(month)}.${year}`;
    case "DD-MM-YYYY":
      return `${two(day)}-${two(month)}-${year}`;
    case "HH:mm":
      return `${two(hour)}:${two(minute)}`;
    case "MMMM YYYY":
      return `${monthName} ${year}`;
  }
}

/** A moment as people read it: "7 December 2026, 15:02" (the spec's D MMMM YYYY and HH:mm). */
export function formatDateTime(value: Date | string, timeZone?: string): string {
  return `${formatDate(value, "D MMMM YYYY", timeZone)}, ${formatDate(value, "HH:mm", timeZone)}`;
}
