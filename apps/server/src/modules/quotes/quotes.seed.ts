import { type CurrencyCode, isCurrencyCode, parseAmount } from "@kestrel/money";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
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

const FIAT = new Set(["EUR", "USD"]);

/** Card pay-in buys crypto with fiat; card payout sells crypto for fiat (the card's currency). */
const CARD_KINDS = {
  PAYIN_CARD: (from: string, to: string) => FIAT.has(from) && !FIAT.has(to),
  PAYOUT_CARD: (from: string, to: string) => !FIAT.has(from) && FIAT.has(to),
} as const;

/** Card pay-in: 2 % (the acquirer's cost); card payout: 1 % plus a 0.50 EUR fixed fee. */
const cardFees = (kind: keyof typeof CARD_KINDS): FeeSettings =>
  kind === "PAYIN_CARD"
    ? { ...NO_FEES, transactionFee: "2" }
    : { ...NO_FEES, transactionFee: "1", fixFee: "0.50" };

function pairsOf(
  merchantId: string,
  currencies: string[],
  fees: (from: CurrencyCode) => FeeSettings,
  kind: "EXCHANGE" | keyof typeof CARD_KINDS = "EXCHANGE",
) {
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
      if (kind !== "EXCHANGE" && !CARD_KINDS[kind](from, to)) continue;
      rows.push({
        merchantId,
        kind,
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

/** CARD_ORDER pairs: a card's EUR price paid from each crypto wallet, with the exchange's fees. */
function cardOrderPairsOf(
  merchantId: string,
  currencies: string[],
  fees: (from: CurrencyCode) => FeeSettings,
) {
  const crypto = currencies.filter((c) => c !== "EUR" && c !== "USD");
  return (
    pairsOf(merchantId, [...crypto, "EUR"], fees)
      .filter((p) => p.currencyTo === "EUR")
      // No free transactions here: paying for a card is not an exchange the promo was meant for.
      .map((p) => ({
        ...p,
        kind: "CARD_ORDER" as const,
        fees: { ...fees(p.currencyFrom as CurrencyCode), freeTransactionsPromo: { available: 0 } },
      }))
  );
}

/** CARD_PAYLOAD pairs: a prepaid card's EUR balance topped up from each crypto wallet, exchange fees. */
function cardPayloadPairsOf(
  merchantId: string,
  currencies: string[],
  fees: (from: CurrencyCode) => FeeSettings,
) {
  return cardOrderPairsOf(merchantId, currencies, fees).map((p) => ({ ...p, kind: "CARD_PAYLOAD" as const }));
}

/** Every pair of the seeded merchants' currencies (merchants.seed.ts), both ways. */
export function seedQuotePairs(): NewQuotePair[] {
  const demo = ["BTC", "ETH", "USDT", "USDC", "LTC", "TRX", "EUR", "USD"];
  const nimbus = ["BTC", "ETH", "USDT", "EUR"];
  const cards = (["PAYIN_CARD", "PAYOUT_CARD"] as const).flatMap((kind) => [
    ...pairsOf(DEMO_MERCHANT_ID, demo, () => cardFees(kind), kind),
    ...pairsOf(NIMBUS_MERCHANT_ID, nimbus, nimbusFees, kind),
  ]);
  // Into an IBAN's EUR (EXCHANGE_IBAN, docs/iban.md): the demo merchant's pairs to EUR; Nimbus has no IBAN.
  const toIban = pairsOf(DEMO_MERCHANT_ID, demo, demoFees)
    .filter((r) => r.currencyTo === "EUR")
    .map((r) => ({ ...r, kind: "EXCHANGE_IBAN" as const }));
  return [
    ...pairsOf(DEMO_MERCHANT_ID, demo, demoFees),
    ...pairsOf(NIMBUS_MERCHANT_ID, nimbus, nimbusFees),
    ...cards,
    ...toIban,
    ...cardOrderPairsOf(DEMO_MERCHANT_ID, demo, demoFees),
    ...cardOrderPairsOf(NIMBUS_MERCHANT_ID, nimbus, nimbusFees),
    ...cardPayloadPairsOf(DEMO_MERCHANT_ID, demo, demoFees),
    ...cardPayloadPairsOf(NIMBUS_MERCHANT_ID, nimbus, nimbusFees),
  ];
}
