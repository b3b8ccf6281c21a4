import { clientSourceFromPool } from "../../db/transaction.ts";
import { createServices } from "../../services.ts";
import type { TestApp } from "../../test-app.ts";
import { bearerHeaders } from "../auth/auth.test-helpers.ts";
import { createDepositsRepository } from "./deposits.repository.ts";
import { createDepositsService } from "./deposits.service.ts";

/** Drives the deposits calls over HTTP the way the web app does. */
export function depositsDriver(t: TestApp) {
  let keys = 0;
  // The token's merchant goes with it, as the web app sends it: another merchant's customer works too.
  const bearer = bearerHeaders;
  return {
    open: (token: string, body: Record<string, unknown>, key: string | null = `open-${++keys}`) =>
      t.app.inject({
        method: "POST",
        url: "/v1/deposits/",
        headers: { ...bearer(token), ...(key === null ? {} : { "idempotency-key": key }) },
        payload: body,
      }),
    close: (token: string, id: string, key = `close-${++keys}`) =>
      t.app.inject({
        method: "POST",
        url: `/v1/deposits/${id}/close`,
        headers: { ...bearer(token), "idempotency-key": key },
      }),
    list: (token: string, query = "") =>
      t.app.inject({ url: `/v1/deposits/${query ? `?${query}` : ""}`, headers: bearer(token) }),
    get: (token: string, id: string) => t.app.inject({ url: `/v1/deposits/${id}`, headers: bearer(token) }),
    history: (token: string, id: string) =>
      t.app.inject({ url: `/v2/history/deposit/${id}`, headers: bearer(token) }),
  };
}

/**
 * The deposits service on the test's database with a clock the test moves, beside the app's own
 * services (same database): what a worker or a later request would do at that instant.
 */
export function clockedDeposits(t: TestApp) {
  const clock = { now: new Date() };
  const services = createServices(t.config, t.database);
  const db = clientSourceFromPool(t.database.pool);
  const deposits = createDepositsService({
    ...services,
    db,
    repository: createDepositsRepository({ db }),
    now: () => clock.now,
  });
  return { clock, deposits, services };
}

/** An account's balance in minor units, read from the ledger's counters. */
export async function balanceOf(t: TestApp, accountId: string): Promise<bigint> {
  const { rows } = await t.database.pool.query<{ b: string }>(
    "select (credits_posted - debits_posted)::text as b from ledger_accounts where id = $1",
    [accountId],
  );
  return BigInt(rows[0]?.b ?? "0");
}

const DAY_MS = 86_400_000;
export const daysAfter = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
