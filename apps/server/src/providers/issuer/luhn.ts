import { randomInt } from "node:crypto";

/** The Luhn check digit of a number's digits (without the check digit). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right, every second digit (starting with the one next to the check digit) doubles.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(number: string): boolean {
  return /^\d{12,19}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === Number(number.at(-1));
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");

/** A 16-digit card number from a BIN, random account digits and the Luhn check digit. */
export function cardNumberFrom(bin: string): string {
  const body = bin + digits(15 - bin.length);
  return body + luhnCheckDigit(body);
}

export const randomDigits = digits;
