// What a chart's line did over its period, for its label: a ratio for reading, never money.

export type ChartChange =
  | { direction: "up" | "down"; percent: string }
  | { direction: "flat" }
  /** Grew from nothing: no percentage to give. */
  | { direction: "fromZero" };

/** The change from the first value to the last, as a percentage with one decimal ("4.2"). */
export function changeOf(values: readonly number[]): ChartChange {
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  if (last === first) return { direction: "flat" };
  if (first === 0) return { direction: "fromZero" };
  const percent = Math.abs(((last - first) / Math.abs(first)) * 100);
  const shown = percent < 0.1 ? "<0.1" : percent.toFixed(1);
  return { direction: last > first ? "up" : "down", percent: shown };
}

/**
 * The values as the drawing library wants them: it scales from 0 to the largest value, so each is
 * shifted above the smallest (the line then uses the whole height and shows the movement, not the
 * distance from zero). A flat line is 1 everywhere.
 */
export function toDrawn(values: readonly number[]): number[] {
  const min = Math.min(...values);
  const max = Math.max(...values);
  return max === min ? values.map(() => 1) : values.map((v) => v - min);
}
