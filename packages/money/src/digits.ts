// Internal helpers shared by the wire format and the display format. All arithmetic is on bigint:
// a JavaScript number would lose minor units past 2^53 (ETH and DAI reach that below 0.01 ETH).

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

export interface SplitAmount {
  readonly negative: boolean;
  /** Integer digits without sign or leading zeros ("0" for zero). */
  readonly integer: string;
  /** Exactly `decimals` digits, zero-padded on the left. */
  readonly fraction: string;
}

/** Splits `units` counted in 10^-decimals into sign, integer digits and fraction digits. */
export function splitUnits(units: bigint, decimals: number): SplitAmount {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const divisor = pow10(decimals);
  return {
    negative,
    integer: (magnitude / divisor).toString(),
    fraction: decimals === 0 ? "" : (magnitude % divisor).toString().padStart(decimals, "0"),
  };
}

export function assertBigint(value: unknown, what: string): asserts value is bigint {
  // Guards JavaScript callers and `as` casts: a number here means money passed through a float.
  if (typeof value !== "bigint") throw new TypeError(`${what} must be a bigint, got ${typeof value}`);
}
