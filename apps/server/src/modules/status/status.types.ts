import type { OperationType } from "../../db/schema/index.ts";

/**
 * A feature's state on /status (docs/status.md): usable, paused by the merchant, slowed by a
 * failing party, or unavailable (the party it needs is not connected in this deployment).
 */
export const COMPONENT_STATES = ["OPERATIONAL", "MAINTENANCE", "DEGRADED", "UNAVAILABLE"] as const;
type ComponentState = (typeof COMPONENT_STATES)[number];

export type StatusComponent = {
  feature: OperationType;
  name: string;
  state: ComponentState;
  /** When it became so; null while OPERATIONAL, and when UNAVAILABLE (so since it was deployed). */
  since: Date | null;
  /** What a customer reads: why, in a sentence; null while OPERATIONAL. */
  message: string | null;
};

/** An outside party's run of failed calls (table provider_health). */
export type ProviderHealth = {
  provider: string;
  consecutiveFailures: number;
  failingSince: Date | null;
  lastFailureAt: Date | null;
};

/** Where a network's block follower has got to (table chain_follower_state, the crypto module's). */
export type FollowerState = {
  network: string;
  height: number;
  head: number | null;
  caughtUpAt: Date | null;
  updatedAt: Date;
};
