import { OPERATION_TYPES, type OperationType } from "../db/schema/index.ts";

/** The outside parties a feature needs (docs/status.md "A party that cannot serve"). */
export type Party = "acquirer" | "bank" | "issuer" | "chain";

/** The features each party carries: without it none of them can be done. */
export const PARTY_FEATURES: Record<Party, readonly OperationType[]> = {
  acquirer: ["PAYIN_CARD", "PAYOUT_CARD", "PAYIN", "PAYOUT", "PAYIN_CARD_VALIDATION"],
  bank: ["IBAN", "WITHDRAW_IBAN", "EXCHANGE_IBAN"],
  issuer: [
    "CARDS",
    "CARD_ORDER",
    "PAY_FOR_CARD",
    "CARD_TOPUP_CRYPTO",
    // Issue, delivery and payout per card provider: read from the catalog's list, so a provider
    // added there is covered here too.
    ...OPERATION_TYPES.filter((type) => /^CARD_(ISSUE|DELIVERY|PAYOUT)_CP_/.test(type)),
  ],
  chain: ["PAYIN_CRYPTO", "PAYOUT_CRYPTO"],
};

const STAND_IN = Symbol("kestrel.standIn");

/**
 * Marks a stand-in: the party this configuration has no adapter for (outside sandbox mode until
 * a production one is written), whose every call is refused with 503. What it marks is known
 * before any call, so its features are shown unavailable and refused before anything starts.
 */
export function standIn<T extends object>(party: T): T {
  return Object.assign(party, { [STAND_IN]: true });
}

export const isStandIn = (party: object): boolean => STAND_IN in party;

/** What this deployment's parties can carry: read by the catalog, /v2/status and deposit addresses. */
export type PartyCoverage = {
  /** The features whose party is a stand-in, each with that party. */
  unavailable: ReadonlyMap<OperationType, Party>;
  /** Whether a chain provider carries the currency: its deposits are followed, its sends go out. */
  carries(currency: string): boolean;
};

/** Every party connected: the sandbox's coverage, and the default of services built without one. */
export const FULL_COVERAGE: PartyCoverage = { unavailable: new Map(), carries: () => true };

/**
 * The coverage of these parties. The chain is per currency: the sandbox chain carries every one,
 * a configured node its own (CHAIN_<CUR>=evm|utxo); with no chain for any currency, crypto deposits
 * and sends are unavailable as a whole.
 */
export function partyCoverage(parties: {
  acquirer: object;
  bank: object;
  issuer: object;
  /** The currencies a chain provider carries; "all" with the sandbox chain. */
  chainCurrencies: readonly string[] | "all";
}): PartyCoverage {
  const unavailable = new Map<OperationType, Party>();
  const { chainCurrencies } = parties;
  const missing: Party[] = [
    ...(["acquirer", "bank", "issuer"] as const).filter((p) => isStandIn(parties[p])),
    ...(chainCurrencies !== "all" && chainCurrencies.length === 0 ? (["chain"] as const) : []),
  ];
  for (const party of missing) for (const feature of PARTY_FEATURES[party]) unavailable.set(feature, party);
  return { unavailable, carries: chainCarries(chainCurrencies) };
}

/** Whether a currency is among those some chain provider carries ("all": the sandbox chain). */
export function chainCarries(chainCurrencies: readonly string[] | "all"): (currency: string) => boolean {
  const carried = chainCurrencies === "all" ? undefined : new Set(chainCurrencies);
  return (currency) => carried?.has(currency) ?? true;
}
