import { afterAll, beforeAll, expect, it } from "vitest";
import { lockWaiters } from "../../db/test-database.ts";
import { clientSourceFromPool, inTransaction } from "../../db/transaction.ts";
import { createServices } from "../../services.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID } from "../merchants/merchants.seed.ts";
import { accountsDriver, newPhone } from "./auth.test-helpers.ts";

// A money use-case's first statement is its session check, and it writes: on Citus a write holds
// the merchant's shard group in place until the transaction ends, a SELECT ... FOR UPDATE does not
// (docs/scaling.md, "A transaction's first statement writes").

let t: TestApp;
let d: ReturnType<typeof accountsDriver>;
beforeAll(async () => {
  t = await createTestApp();
  d = accountsDriver(t.app, t.database);
});
afterAll(() => t.close());

const claimsOf = (token: string) => {
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
  return {
    merchantId: DEMO_MERCHANT_ID,
    sessionId: payload.sid as string,
    customerId: payload.sub as string,
  };
};

it("checks the session with a write that holds it until the use-case's transaction ends", async () => {
  const { auth } = createServices(t.config, t.database);
  const claims = claimsOf((await d.register(newPhone())).access_token);
  let signOut: Promise<unknown> | undefined;
  await inTransaction(clientSourceFromPool(t.database.pool), async (tx) => {
    await auth.requireLiveSession(tx, claims);
    // The check wrote: the transaction has an id (a read alone gets none).
    const { rows } = await tx.query<{ xid: string | null }>("select pg_current_xact_id_if_assigned() as xid");
    expect(rows[0]?.xid).not.toBeNull();
    // A sign-out meanwhile waits for the use-case instead of ending the session halfway through it.
    signOut = t.database.pool.query(
      "update sessions set revoked_at = now(), revoked_reason = 'test' where merchant_id = $1 and id = $2",
      [claims.merchantId, claims.sessionId],
    );
    await lockWaiters(t.database.pool, 1, "the sign-out did not wait for the use-case's transaction");
  });
  await signOut;
  // Signed out now: the next use-case is refused.
  await expect(
    inTransaction(clientSourceFromPool(t.database.pool), (tx) => auth.requireLiveSession(tx, claims)),
  ).rejects.toMatchObject({ code: "INVALID_TOKEN" });
});
