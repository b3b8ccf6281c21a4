/**
 * Operators read words, never codes (issue 48). The words are packages/domain's; a code this app
 * does not know yet (the server added one) reads as plain words rather than as the code.
 */

/** Words that read as letters ("kyc.decision.approve" reads "KYC decision approve"). */
const ACRONYMS = /\b(kyc|iban|sepa|pin|csv|totp|ip|id)\b/g;

export function plainWords(code: string): string {
  const words = code
    .replace(/[_.]+/g, " ")
    .trim()
    .toLowerCase()
    .replace(ACRONYMS, (word) => word.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The domain's phrase for `code`, else the code in plain words. */
export function wordFor<K extends string>(phrases: Readonly<Record<K, string>>, code: string): string {
  return (phrases as Readonly<Record<string, string | undefined>>)[code] ?? plainWords(code);
}
