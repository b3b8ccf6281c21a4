import type pg from "pg";
import { vi } from "vitest";

/**
 * Changes a merchant's feature flags by SQL and announces it as a configuration change is
 * (pg_notify, sent at commit), then waits until `seen` says the app under test serves the new
 * flags: every instance keeps them a few seconds and drops them on the notice, which reaches
 * the app's LISTEN connection a moment later (docs/merchants.md "Live configuration").
 */
export async function setFeatureFlags(
  pool: pg.Pool,
  merchantId: string,
  flags: { level?: string; allowed: string[] },
  seen: () => Promise<boolean>,
): Promise<void> {
  await pool.query(
    `with changed as (
       update merchant_feature_flags set level = coalesce($2, level), allowed = $3
       where merchant_id = $1 returning merchant_id)
     select pg_notify('merchant_config', merchant_id::text) from changed`,
    [merchantId, flags.level ?? null, flags.allowed],
  );
  await vi.waitFor(
    async () => {
      if (!(await seen())) throw new Error(`the flags of ${merchantId} are not served yet`);
    },
    { timeout: 5_000, interval: 20 },
  );
}
