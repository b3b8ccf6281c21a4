// Public API of @kestrel/money: currencies, decimal strings <-> bigint minor units, display
// (amounts, and the spec §9 card masks and dates the web and the PDFs share).

export { type CardMask, maskCardNumber } from "./card-mask.ts";
export {
  CURRENCIES,
  type Currency,
  type CurrencyCode,
  type CurrencyKind,
  currencyCodes,
  DEFAULT_CURRENCY,
  getCurrency,
  isCurrencyCode,
} from "./currencies.ts";
export { type DateFormat, formatDate, formatDateTime } from "./dates.ts";
export {
  DEFAULT_MAX_INTEGER_DIGITS,
  PARSE_AMOUNT_REASONS,
  type ParseAmountOptions,
  type ParseAmountReason,
  type ParseAmountResult,
  parseAmount,
  toDecimalString,
} from "./decimal.ts";
export { displayStep, roundToDisplay } from "./display-precision.ts";
export {
  type FormatAmountOptions,
  type FormatPercentOptions,
  formatAmount,
  formatPercent,
} from "./format.ts";
