import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/test-database.ts";
import { clientSourceFromPool } from "../../db/transaction.ts";
import type { ChainReader } from "../../providers/chain/chain-reader.ts";
import { cryptoSql } from "../crypto/crypto.repository.ts";
import { createChainFollower } from "../crypto/index.ts";
import { createStatusService } from "./status.service.ts";

// The block follower stores the node's head and when it last reached it; /v2/status reads them.

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** A node 120 blocks high with no payments to us: the follower reads 50 a pass. */
const reader: ChainReader = {
  network: "evm:777",
  chain: "ethereum",
  confirmations: 12,
  currencies: ["ETH"],
  head: async () => 120,
  blockHash: async (n) => `0x${n.toString(16)}`,
  transfers: async () => [],
  receipt: async () => null,
};

describe("the follower's progress on /v2/status", () => {
  it("stores the head, and the time it reached it only once it did", async () => {
    const source = clientSourceFromPool(db.pool);
    const follower = createChainFollower({ db: source, reader, notify: async () => {}, startBlock: 0 });
    const state = async () =>
      (await source.withClient((c) => cryptoSql.followerStates(c))).find((f) => f.network === "evm:777");

    await follower.followOnce();
    expect(await state()).toMatchObject({ height: 49, head: 120, caughtUpAt: null });
    await follower.followOnce();
    await follower.followOnce();
    const caughtUp = await state();
    expect(caughtUp).toMatchObject({ height: 120, head: 120 });
    expect(caughtUp?.caughtUpAt).toBeInstanceOf(Date);

    // Left behind for ten minutes (the clock moved on): crypto is DEGRADED, since it last caught up.
    const reached = caughtUp?.caughtUpAt as Date;
    const later = new Date(reached.getTime() + 10 * 60_000);
    // Its passes still run (updated now) but stay 60 blocks short of the head.
    await db.pool.query(
      "update chain_follower_state set height = 60, updated_at = $1 where network = 'evm:777'",
      [later],
    );
    const status = (followedNetworks: string[]) =>
      createStatusService({
        catalog: {
          switches: async () => [
            {
              operationType: "PAYIN_CRYPTO",
              name: "Add funds from another crypto wallet",
              constraint: "NONE",
              since: later,
            },
          ],
        },
        health: { list: async () => [] },
        followers: () => source.withClient((c) => cryptoSql.followerStates(c)),
        followedNetworks,
        now: () => later,
      }).components("m");
    const [payin] = await status(["evm:777"]);
    expect(payin).toMatchObject({ state: "DEGRADED", since: reached });
    expect(payin?.message).toContain("60 blocks behind on the 777 network");
    // A network this deployment does not follow (a row another configuration left) says nothing.
    expect((await status(["evm:1"]))[0]?.state).toBe("OPERATIONAL");
  });
});
