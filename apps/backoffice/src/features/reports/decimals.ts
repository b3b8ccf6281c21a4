/**
 * Sums of the report's decimal strings, exact: every amount of one currency comes with the same
 * number of decimals, so they add as integers of the last digit.
 */
export function addDecimals(values: string[]): string {
  const first = values[0];
  if (first === undefined) return "0";
  const scale = first.includes(".") ? (first.split(".")[1]?.length ?? 0) : 0;
  const total = values.reduce((sum, v) => sum + BigInt(v.replace(".", "")), 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, "0");
  const whole = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${whole}` : whole;
}
