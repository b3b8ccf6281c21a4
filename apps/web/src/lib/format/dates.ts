import dayjs from "dayjs";

/** The date formats of spec §9, shown in the browser's time zone. */
export const DATE_FORMATS = {
  long: "D MMMM YYYY",
  dotted: "DD.MM.YYYY",
  dashed: "DD-MM-YYYY",
  time: "HH:mm",
  monthYear: "MMMM YYYY",
} as const;

export type DateFormat = keyof typeof DATE_FORMATS;

/** Formats a date (Date, ISO string or epoch milliseconds); an invalid date gives "". */
export function formatDate(value: Date | string | number, format: DateFormat): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMATS[format]) : "";
}
