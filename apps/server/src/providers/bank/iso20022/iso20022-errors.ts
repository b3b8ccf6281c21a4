/**
 * Why a bank file was refused, as a closed set of codes. The message names the file (its name or
 * MsgId) and the field, so an operator reading the log knows what to ask the bank about.
 */
export type BankFileErrorCode =
  /** Not well-formed XML, or a required field missing or out of format. */
  | "MALFORMED_FILE"
  /** Well-formed, but another ISO 20022 message than the one expected. */
  | "WRONG_MESSAGE"
  /** A MsgId already processed: the file changes nothing a second time. */
  | "DUPLICATE_FILE"
  /** A payment order we would not send (bad IBAN, amount, currency...): nothing is written. */
  | "INVALID_ORDER"
  /** A file of that name already exists with other content (never overwritten). */
  | "FILE_CONFLICT";

export class BankFileError extends Error {
  readonly code: BankFileErrorCode;
  constructor(code: BankFileErrorCode, message: string) {
    super(message);
    this.name = "BankFileError";
    this.code = code;
  }
}

export function isBankFileError(error: unknown, code?: BankFileErrorCode): error is BankFileError {
  return error instanceof BankFileError && (code === undefined || error.code === code);
}
