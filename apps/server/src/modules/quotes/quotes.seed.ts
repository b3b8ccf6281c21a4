import { type CurrencyCode, isCurrencyCode, parseAmount } from "@kestrel/money";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/merchants.seed.ts";
import type { FeeSettings } from "./fees.ts";
import type { NewQuotePair } from "./quotes.repository.ts";

/** The from-amount bounds of every pair from a currency, in whole units: about 1 to 10,000 EUR. */
const BOUNDS: Record<string, [string, string]> = {
  BTC: ["0.00002", "0.15"],
  ETH: ["0.0005", "4"],
  USDT: ["1", "10000"],
  USDC: ["1", "10000"],
  LTC: ["0.02", "120"],
  TRX: ["5", "40000"],
  EUR: ["1", "10000"],
  USD: ["1", "10000"],
};

const NO_FEES: FeeSettings = {
  transactionFee: "0",
  additionalFee: "0",
  fixFee: "0",
  feeTable: [],
  feeTableEnabled: false,
  freeTransactionsPromo: { available: 0 },
};

/**
 * The demo merchant: 0.5 % on every pair, and for USDT the fee table (cheaper from 1,000 USDT).
 * Nimbus, the second brand, shows the other kinds: an additional fee, a fixed fee in EUR and three
 * free exchanges per customer and pair.
 */
function demoFees(from: CurrencyCode): FeeSettings {
  if (from !== "USDT") return { ...NO_FEES, transactionFee: "0.5" };
  return {
    ...NO_FEES,
    transactionFee: "0.5",
    feeTableEnabled: true,
    feeTable: [
      { percent: "0.5", amountFrom: "0", amountTo: "1000", currency: "USDT" },
      { percent: "0.25", amountFrom: "1000", amountTo: null, currency: "USDT" },
    ],
  };
}

const nimbusFees = (): FeeSettings => ({
  ...NO_FEES,
  transactionFee: "1",
  additionalFee: "0.25",
  fixFee: "0.50",
  freeTransactionsPromo: { available: 3 },
});

function pairsOf(merchantId: string, currencies: string[], fees: (from: CurrencyCode) => FeeSettings) {
  const rows: NewQuotePair[] = [];
  for (const from of currencies) {
    const bounds = BOUNDS[from];
    if (!bounds || !isCurrencyCode(from)) continue;
    const [min, max] = bounds.map((v) => {
      const parsed = parseAmount(v, from);
      if (!parsed.ok) throw new Error(`bad seed bound ${v} ${from}`);
      return parsed.minor;
    }) as [bigint, bigint];
    for (const to of currencies) {
      if (to === from || !isCurrencyCode(to)) continue;
      rows.push({
        merchantId,
        kind: "EXCHANGE",
        currencyFrom: from,
        currencyTo: to,
        minAmountFrom: min,
        maxAmountFrom: max,
        locked: false,
        fees: fees(from),
      });
    }
  }
  return rows;
}

/** Every pair of the seeded merchants' currencies (merchants.seed.ts), both ways. */
export function seedQuotePairs(): NewQuotePair[] {
  const demo = ["BTC", "ETH", "USDT", "USDC", "LTC", "TRX", "EUR", "USD"];
  const nimbus = ["BTC", "ETH", "USDT", "EUR"];
  // Into an IBAN's EUR (EXCHANGE_IBAN, docs/iban.md): the demo merchant's pairs to EUR; Nimbus has no IBAN.
  const toIban = pairsOf(DEMO_MERCHANT_ID, demo, demoFees)
    .filter((r) => r.currencyTo === "EUR")
    .map((r) => ({ ...r, kind: "EXCHANGE_IBAN" as const }));
  return [
    ...pairsOf(DEMO_MERCHANT_ID, demo, demoFees),
    ...pairsOf(NIMBUS_MERCHANT_ID, nimbus, nimbusFees),
    ...toIban,
  ];
}
