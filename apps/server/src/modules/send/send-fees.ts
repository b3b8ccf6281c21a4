import { type CurrencyCode, parseAmount, toDecimalString } from "@kestrel/money";

export type TransactionType = "INTERNAL" | "EXTERNAL";

/**
 * Our fees for a send to an outside address, on top of the network's: a share of the amount
 * (rounded up to the minor unit) and a fixed part for the tokens, whose gas we pay in ether.
 * Sends inside the merchant (by phone, or to a customer's deposit address) are free.
 * Merchant-specific schedules come with the back-office; until then one schedule for all.
 */
const TRANSACTION_FEE_BPS = 10n; // 0.10 %
const FIX_FEES: Partial<Record<CurrencyCode, string>> = { USDT: "1", USDC: "1", DAI: "1" };
/** The smallest send to an outside address: below it, the network fee eats the amount. */
const MINIMUM_WITHDRAWALS: Partial<Record<CurrencyCode, string>> = {
  BTC: "0.0001",
  ETH: "0.001",
  USDT: "5",
  USDC: "5",
  DAI: "5",
  LTC: "0.001",
  TRX: "10",
};

export type FeeBreakdown = {
  transactionType: TransactionType;
  networkFee: bigint;
  transactionFee: bigint;
  fixFee: bigint;
  /** What the customer pays on top of the amount. */
  total: bigint;
  /** Going to the chain (amount and network fee) vs to our fee income (the rest). */
  serviceFee: bigint;
};

const minor = (value: string | undefined, currency: CurrencyCode): bigint => {
  if (value === undefined) return 0n;
  const parsed = parseAmount(value, currency);
  if (!parsed.ok) throw new Error(`bad fee table entry ${value} ${currency}`);
  return parsed.minor;
};

export function feesFor(
  currency: CurrencyCode,
  amount: bigint,
  transactionType: TransactionType,
  networkFee: bigint,
): FeeBreakdown {
  if (transactionType === "INTERNAL") {
    return { transactionType, networkFee: 0n, transactionFee: 0n, fixFee: 0n, total: 0n, serviceFee: 0n };
  }
  const transactionFee = (amount * TRANSACTION_FEE_BPS + 9_999n) / 10_000n;
  const fixFee = minor(FIX_FEES[currency], currency);
  const serviceFee = transactionFee + fixFee;
  return { transactionType, networkFee, transactionFee, fixFee, serviceFee, total: networkFee + serviceFee };
}

export function minimumWithdrawal(currency: CurrencyCode): bigint {
  return minor(MINIMUM_WITHDRAWALS[currency], currency);
}

/** The fee call's answer (the reference's fields, amounts as decimal strings). */
export function feeView(currency: CurrencyCode, f: FeeBreakdown, transactionAvailability: boolean) {
  const dec = (v: bigint) => toDecimalString(v, currency);
  return {
    fee: dec(f.total),
    networkFee: dec(f.networkFee),
    transactionFee: dec(f.transactionFee),
    fixFee: dec(f.fixFee),
    sourceCurrency: currency,
    transactionType: f.transactionType,
    transactionAvailability,
  };
}
