// The currency table: the one place that says how many minor units a currency has (scale) and how
// it is shown (displayDecimals, symbol). Ledger, wire format and display all read from here.

type CurrencyKind = "fiat" | "crypto";

export interface Currency {
  readonly code: CurrencyCode;
  readonly name: string;
  /** Minor-unit exponent: an amount of 1 major unit is 10^scale minor units. */
  readonly scale: number;
  readonly kind: CurrencyKind;
  /** Decimals shown to the customer (spec §5); may exceed scale (KRW, JPY), see below. */
  readonly displayDecimals: number;
  /** Symbol placed before fiat amounts (spec §9); null for crypto, which is followed by its code. */
  readonly symbol: string | null;
}

type CurrencyRow = Omit<Currency, "code">;

// Spec §5: 2 display decimals for the fiat-like list, 8 otherwise. TRX is "otherwise": it shows 8
// although its scale is 6 (its input stays at 6 places, the spec's alternate mode), as KRW and JPY
// show 2 with a scale of 0: the extra places are always zeros, and every crypto amount reads alike.
const TABLE = {
  USD: { name: "US Dollar", scale: 2, kind: "fiat", displayDecimals: 2, symbol: "$" },
  EUR: { name: "Euro", scale: 2, kind: "fiat", displayDecimals: 2, symbol: "€" },
  GBP: { name: "British Pound", scale: 2, kind: "fiat", displayDecimals: 2, symbol: "£" },
  AUD: { name: "Australian Dollar", scale: 2, kind: "fiat", displayDecimals: 2, symbol: "$AU" },
  KRW: { name: "South Korean Won", scale: 0, kind: "fiat", displayDecimals: 2, symbol: "₩" },
  JPY: { name: "Japanese Yen", scale: 0, kind: "fiat", displayDecimals: 2, symbol: "¥" },
  BTC: { name: "Bitcoin", scale: 8, kind: "crypto", displayDecimals: 8, symbol: null },
  ETH: { name: "Ether", scale: 18, kind: "crypto", displayDecimals: 8, symbol: null },
  USDT: { name: "Tether USD", scale: 6, kind: "crypto", displayDecimals: 2, symbol: null },
  USDC: { name: "USD Coin", scale: 6, kind: "crypto", displayDecimals: 2, symbol: null },
  DAI: { name: "Dai", scale: 18, kind: "crypto", displayDecimals: 2, symbol: null },
  LTC: { name: "Litecoin", scale: 8, kind: "crypto", displayDecimals: 8, symbol: null },
  TRX: { name: "TRON", scale: 6, kind: "crypto", displayDecimals: 8, symbol: null },
  SOL: { name: "Solana", scale: 9, kind: "crypto", displayDecimals: 8, symbol: null },
  DOGE: { name: "Dogecoin", scale: 8, kind: "crypto", displayDecimals: 8, symbol: null },
} as const satisfies Record<string, CurrencyRow>;

export type CurrencyCode = keyof typeof TABLE;

/** Spec §9: the default currency when none is chosen. */
export const DEFAULT_CURRENCY: CurrencyCode = "USD";

export const currencyCodes: readonly CurrencyCode[] = Object.freeze(Object.keys(TABLE) as CurrencyCode[]);

export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = Object.freeze(
  Object.fromEntries(currencyCodes.map((code) => [code, Object.freeze({ code, ...TABLE[code] })])) as Record<
    CurrencyCode,
    Currency
  >,
);

/** Codes are exact and case-sensitive ("btc" is not a code): they are identifiers, not free text. */
export function isCurrencyCode(value: unknown): value is CurrencyCode {
  // Object.hasOwn, not `in`: "toString" or "__proto__" must not pass as currencies.
  return typeof value === "string" && Object.hasOwn(CURRENCIES, value);
}

export function getCurrency(code: string): Currency | undefined {
  return isCurrencyCode(code) ? CURRENCIES[code] : undefined;
}

/** For internal callers that hold a CurrencyCode: an unknown code is a programming error. */
export function requireCurrency(code: CurrencyCode): Currency {
  const currency = getCurrency(code);
  if (currency === undefined) throw new TypeError(`Unknown currency code: ${String(code)}`);
  return currency;
}
