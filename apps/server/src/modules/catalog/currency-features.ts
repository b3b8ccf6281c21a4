import { type Currency, type CurrencyCode, getCurrency } from "@kestrel/money";
import type { OperationType } from "../../db/schema/index.ts";
import type { MerchantFeatures } from "../merchants/index.ts";

/** Networks a crypto currency is deposited and withdrawn on; fiat has none. */
const NETWORKS: Partial<Record<CurrencyCode, readonly string[]>> = {
  BTC: ["BTC"],
  ETH: ["ERC20"],
  USDT: ["ERC20"],
  USDC: ["ERC20"],
  DAI: ["ERC20"],
  LTC: ["LTC"],
  TRX: ["TRC20"],
  SOL: ["SOL"],
  DOGE: ["DOGE"],
};

// Operations a wallet of each kind can take part in, before the merchant's switches. Crypto is
// bought by card, received, sent, paid for cards with and put in deposits; fiat is topped up by
// card and withdrawn to one; only EUR travels over SEPA, so only EUR has the IBAN operations.
const CRYPTO_OPERATIONS: readonly OperationType[] = [
  "EXCHANGE",
  "PAYIN_CARD",
  "PAYIN_CRYPTO",
  "PAYOUT_CARD",
  "PAYOUT_CRYPTO",
  "TRANSFER_MOBILE",
  "DEPOSITS",
  "CARD_ORDER",
  "CARD_TOPUP_CRYPTO",
];
const FIAT_OPERATIONS: readonly OperationType[] = ["EXCHANGE", "PAYIN_CARD", "PAYOUT_CARD"];
const SEPA_OPERATIONS: readonly OperationType[] = ["IBAN", "WITHDRAW_IBAN", "EXCHANGE_IBAN"];

export type CatalogCurrency = {
  code: CurrencyCode;
  name: string;
  scale: number;
  type: Currency["kind"];
  networks: string[];
  features: OperationType[];
};

/**
 * One offered currency as the catalog shows it. `features` lists the operations a wallet of this
 * currency can use at this merchant: an operation the merchant has DISABLED, or a card feature
 * its flags switch off, is left out, and so are receiving and sending on a chain no provider
 * carries here; one under MAINTENANCE stays (it is temporary).
 * Undefined for a code the money package does not know (a misconfigured merchant).
 */
export function catalogCurrency(
  code: string,
  offered: {
    disabledOperations: ReadonlySet<OperationType>;
    features: MerchantFeatures;
    /** Whether a chain provider carries it here: without one, nothing is received or sent on its chain. */
    carried?: boolean;
  },
): CatalogCurrency | undefined {
  const currency = getCurrency(code);
  if (!currency) return undefined;
  const base =
    currency.kind === "crypto"
      ? CRYPTO_OPERATIONS
      : [...FIAT_OPERATIONS, ...(currency.code === "EUR" ? SEPA_OPERATIONS : [])];
  const { features } = offered;
  const switchedOff = new Set<OperationType>(offered.disabledOperations);
  if (!features.cardPayIn) switchedOff.add("PAYIN_CARD");
  if (!features.cardPayout) switchedOff.add("PAYOUT_CARD");
  if (offered.carried === false) {
    switchedOff.add("PAYIN_CRYPTO");
    switchedOff.add("PAYOUT_CRYPTO");
  }
  if (features.enabledCardPrograms.length === 0) {
    switchedOff.add("CARD_ORDER");
    switchedOff.add("CARD_TOPUP_CRYPTO");
  }
  return {
    code: currency.code,
    name: currency.name,
    scale: currency.scale,
    type: currency.kind,
    networks: [...(NETWORKS[currency.code] ?? [])],
    features: base.filter((op) => !switchedOff.has(op)),
  };
}
