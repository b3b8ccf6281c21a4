/**
 * A card's fees (spec §3: mark-up, supplier, card vault; percents as decimal strings) as the one
 * percent the customer pays: added exactly on the decimal strings, never as floating point.
 */
export function totalFeePercent(fees: Record<string, string>): string {
  const parts = Object.values(fees).map((v) => v.trim());
  const decimals = Math.max(2, ...parts.map((v) => v.split(".")[1]?.length ?? 0));
  const scaled = parts.reduce((sum, v) => {
    const [whole = "0", fraction = ""] = v.split(".");
    return sum + BigInt(whole + fraction.padEnd(decimals, "0"));
  }, 0n);
  const digits = scaled.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, -decimals);
  // Trailing zeros beyond two places say nothing: "1.750" reads "1.75".
  const fraction = digits.slice(-decimals).replace(/0+$/, "").padEnd(2, "0");
  return `${whole}.${fraction}`;
}
