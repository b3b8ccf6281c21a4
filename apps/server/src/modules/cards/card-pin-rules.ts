/** A card PIN: exactly 4 digits (what every terminal takes). */
const PIN_LENGTH = 4;

export type PinProblem = "FORMAT" | "REPEATED" | "SEQUENTIAL";

/**
 * Spec §5's checks for sequential and all-identical digit strings, applied to the card PIN: the
 * guesses a thief tries first (1111, 1234, 9876) are refused. Undefined: the PIN is acceptable.
 */
export function pinProblem(pin: string): PinProblem | undefined {
  if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) return "FORMAT";
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => d - (digits[i] as number));
  if (steps.every((s) => s === 0)) return "REPEATED";
  if (steps.every((s) => s === 1) || steps.every((s) => s === -1)) return "SEQUENTIAL";
  return undefined;
}
