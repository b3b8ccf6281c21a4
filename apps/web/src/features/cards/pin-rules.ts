/** A card PIN: 4 digits (the server checks the same rules and names the field `pin`). */
export const PIN_LENGTH = 4;

export type PinProblem = "FORMAT" | "REPEATED" | "SEQUENTIAL";

/** Spec §5's sequential and all-identical digit checks, for the card PIN: 1111, 1234, 4321 are refused. */
export function pinProblem(pin: string): PinProblem | undefined {
  if (!/^\d{4}$/.test(pin)) return "FORMAT";
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => d - (digits[i] as number));
  if (steps.every((s) => s === 0)) return "REPEATED";
  if (steps.every((s) => s === 1) || steps.every((s) => s === -1)) return "SEQUENTIAL";
  return undefined;
}
