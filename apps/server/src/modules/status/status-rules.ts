import type { OperationType } from "../../db/schema/index.ts";
import type { Party } from "../../providers/party-coverage.ts";
import type { OperationSwitch } from "../catalog/index.ts";
import type { FollowerState, ProviderHealth, StatusComponent } from "./status.types.ts";

/** Failed calls in a row before a party counts as failing: one error is noise, three are not. */
const FAILURES_TO_DEGRADE = 3;
/** A run of failures with no call since this long is no longer news (no traffic to tell). */
export const FAILURE_MEMORY_MS = 15 * 60_000;
/**
 * A follower that has not reached the node's head (or not run) for this long delays deposits:
 * its passes run every few seconds and a cron restarts a broken loop each minute.
 */
export const FOLLOWER_LAG_MS = 5 * 60_000;

type Degradation = { since: Date; message: string };

/** The features each watched outside party serves, and what a customer reads while it fails. */
const PROVIDER_FEATURES: Record<string, { features: OperationType[]; message: string }> = {
  acquirer: {
    features: ["PAYIN_CARD", "PAYOUT_CARD"],
    message:
      "Our card payment provider is answering with errors. Card payments may fail; nothing is charged when they do.",
  },
  bank: {
    features: ["IBAN", "WITHDRAW_IBAN", "EXCHANGE_IBAN"],
    message:
      "Our bank is answering with errors. Opening IBAN accounts and bank transfers may fail; nothing is lost.",
  },
  issuer: {
    features: ["CARDS", "CARD_ORDER"],
    message:
      "Our card issuer is answering with errors. Ordering and managing cards may fail; nothing is lost.",
  },
};

/** What a customer reads of a feature whose party is not connected here (no since: it never was). */
const UNAVAILABLE_MESSAGES: Record<Party, string> = {
  acquirer: "Card payments are not available here yet. You can add funds from another crypto wallet.",
  bank: "IBAN accounts and bank transfers are not available here yet.",
  issuer: "Cards are not available here yet.",
  chain: "Receiving and sending crypto on its networks is not available here yet.",
};
const CHAIN_FEATURES: OperationType[] = ["PAYIN_CRYPTO", "PAYOUT_CRYPTO"];

function providerDegradations(providers: ProviderHealth[], now: Date): Map<OperationType, Degradation> {
  const out = new Map<OperationType, Degradation>();
  for (const p of providers) {
    const served = PROVIDER_FEATURES[p.provider];
    if (!served || !p.failingSince || !p.lastFailureAt) continue;
    if (p.consecutiveFailures < FAILURES_TO_DEGRADE) continue;
    if (now.getTime() - p.lastFailureAt.getTime() > FAILURE_MEMORY_MS) continue;
    for (const f of served.features) out.set(f, { since: p.failingSince, message: served.message });
  }
  return out;
}

/** A follower is behind when it has not reached the head, or not run at all, for FOLLOWER_LAG_MS. */
function followerDegradation(f: FollowerState, now: Date): Degradation | undefined {
  const old = (at: Date) => now.getTime() - at.getTime() > FOLLOWER_LAG_MS;
  const name = f.network.replace(/^(evm|utxo):/, "");
  if (old(f.updatedAt)) {
    return {
      since: f.updatedAt,
      message: `We are not reading the ${name} network right now. Crypto deposits and withdrawals are delayed; nothing is lost.`,
    };
  }
  if (f.caughtUpAt && old(f.caughtUpAt) && f.head !== null && f.head > f.height) {
    return {
      since: f.caughtUpAt,
      message: `We are ${f.head - f.height} blocks behind on the ${name} network. Crypto deposits and withdrawals are delayed; nothing is lost.`,
    };
  }
  return undefined;
}

/**
 * Every feature the merchant offers with its state: MAINTENANCE (the merchant paused it) before
 * UNAVAILABLE (the party it needs is not connected here) before DEGRADED (a party it needs is
 * failing), else OPERATIONAL. Pure: the service reads the facts.
 */
export function statusComponents(facts: {
  operations: OperationSwitch[];
  providers: ProviderHealth[];
  followers: FollowerState[];
  /** The features whose party this deployment has no adapter for, with that party. */
  unavailable?: ReadonlyMap<OperationType, Party>;
  now: Date;
}): StatusComponent[] {
  const degraded = providerDegradations(facts.providers, facts.now);
  const chain = facts.followers
    .map((f) => followerDegradation(f, facts.now))
    .filter((d) => d !== undefined)
    .sort((a, b) => a.since.getTime() - b.since.getTime())[0];
  if (chain) for (const f of CHAIN_FEATURES) if (!degraded.has(f)) degraded.set(f, chain);
  return facts.operations.map((op) => {
    const base = { feature: op.operationType, name: op.name };
    if (op.constraint === "MAINTENANCE") {
      return {
        ...base,
        state: "MAINTENANCE",
        since: op.since,
        message: "Paused for maintenance. It will be back soon; your money is safe.",
      };
    }
    const party = facts.unavailable?.get(op.operationType);
    if (party) return { ...base, state: "UNAVAILABLE", since: null, message: UNAVAILABLE_MESSAGES[party] };
    const d = degraded.get(op.operationType);
    if (d) return { ...base, state: "DEGRADED", since: d.since, message: d.message };
    return { ...base, state: "OPERATIONAL", since: null, message: null };
  });
}
