// Public API of @kestrel/money: currencies, decimal strings <-> bigint minor units, display
// (amounts, and the spec §9 card masks and dates the web and the PDFs share).

export { maskCardNumber } from "./card-mask.ts";
export {
  CURRENCIES,
  type Currency,
  type CurrencyCode,
  currencyCodes,
  getCurrency,
  isCurrencyCode,
} from "./currencies.ts";
export { formatDate, formatDateTime } from "./dates.ts";
export {
  parseAmount,
  toDecimalString,
} from "./decimal.ts";
export { displayStep, roundToDisplay } from "./display-precision.ts";
export {
  formatAmount,
  formatPercent,
} from "./format.ts";
