import { createBoundedCache } from "../../bounded-cache.ts";
import type { OperationType } from "../../db/schema/index.ts";
import type { Party } from "../../providers/party-coverage.ts";
import type { CatalogService } from "../catalog/index.ts";
import type { ProviderHealthService } from "./provider-health.service.ts";
import type { FollowerState, StatusComponent } from "./status.types.ts";
import { statusComponents } from "./status-rules.ts";

/** Answers are this fresh at most: a status page polled by many customers costs a few reads. */
const CACHE_MS = 5_000;

/**
 * /v2/status (docs/status.md): which of a merchant's features are paused or slowed, and since
 * when, from the catalog's switches, the parties this deployment has no adapter for, the outside
 * parties' recorded failures and the block followers' progress. Only the networks this deployment follows count (a row left by another
 * configuration says nothing).
 */
export function createStatusService(deps: {
  catalog: Pick<CatalogService, "switches">;
  health: Pick<ProviderHealthService, "list">;
  followers: () => Promise<FollowerState[]>;
  followedNetworks: readonly string[];
  /** The features whose party this deployment has no adapter for (providers/party-coverage.ts). */
  unavailable?: ReadonlyMap<OperationType, Party>;
  now?: () => Date;
}) {
  const cache = createBoundedCache<string, StatusComponent[]>({ max: 1000, ttlMs: CACHE_MS });
  const followed = new Set(deps.followedNetworks);
  return {
    async components(merchantId: string): Promise<StatusComponent[]> {
      const hit = cache.get(merchantId);
      if (hit) return hit;
      const [operations, providers, followers] = await Promise.all([
        deps.catalog.switches(merchantId),
        deps.health.list(),
        followed.size > 0 ? deps.followers() : Promise.resolve([]),
      ]);
      const components = statusComponents({
        operations,
        providers,
        followers: followers.filter((f) => followed.has(f.network)),
        ...(deps.unavailable ? { unavailable: deps.unavailable } : {}),
        now: deps.now?.() ?? new Date(),
      });
      cache.set(merchantId, components);
      return components;
    },
  };
}
