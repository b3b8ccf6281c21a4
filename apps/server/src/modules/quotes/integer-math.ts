// Integer division with an explicit direction. bigint `/` truncates toward zero; every division
// on the money path says which way it rounds, because that choice decides who keeps the rest.

/** ⌊a / b⌋ for a ≥ 0, b > 0. */
export function divFloor(a: bigint, b: bigint): bigint {
  assertOperands(a, b);
  return a / b;
}

/** ⌈a / b⌉ for a ≥ 0, b > 0. */
export function divCeil(a: bigint, b: bigint): bigint {
  assertOperands(a, b);
  return (a + b - 1n) / b;
}

function assertOperands(a: bigint, b: bigint) {
  // Negative money never reaches a conversion; a sign here is a bug upstream, not a case to round.
  if (a < 0n || b <= 0n) throw new RangeError(`division needs a >= 0 and b > 0, got ${a} / ${b}`);
}

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}
