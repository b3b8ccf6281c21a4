import { createServer } from "node:net";
import { createWalletClient, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { signChainNotification } from "../../providers/chain/chain-notification.ts";
import { createEvmChain } from "../../providers/chain/evm-chain.ts";
import {
  LOCAL_EVM_CHAIN_ID,
  LOCAL_EVM_FUNDED_KEY,
  LOCAL_EVM_HOT_WALLET_KEY,
  type LocalEvmNode,
  startLocalEvmNode,
} from "../../providers/chain/local/local-evm-node.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { createChainFollower } from "./chain-follower.ts";
import { cryptoDriver } from "./crypto.test-helpers.ts";

// The block follower under load (docs/bench.md): many deposits to many customers across many
// blocks, two followers racing over them as two workers would; each deposit credited exactly
// once. Prints its figures. LOAD_DEPOSITS, LOAD_CUSTOMERS, LOAD_PER_BLOCK change its size.

const M = 3;
const DEPOSITS = Number(process.env.LOAD_DEPOSITS ?? 200);
const CUSTOMERS = Number(process.env.LOAD_CUSTOMERS ?? 10);
const PER_BLOCK = Number(process.env.LOAD_PER_BLOCK ?? 8);

let node: LocalEvmNode;
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  node = await startLocalEvmNode(await freePort());
  t = await createTestApp({
    CHAIN_ETH: "evm",
    EVM_RPC_URL: node.rpcUrl,
    EVM_CHAIN_ID: String(LOCAL_EVM_CHAIN_ID),
    EVM_CONFIRMATIONS: String(M),
    EVM_HOT_WALLET_KEY: LOCAL_EVM_HOT_WALLET_KEY,
    IP_LIMIT_MULTIPLIER: "100", // every customer signs up from one address
  });
  d = cryptoDriver(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

/** A worker's follower: notifications signed and handed to the app. */
function follower() {
  if (!t.config.evm) throw new Error("no EVM config");
  return createChainFollower({
    db: clientSourceFromPool(t.database.pool),
    reader: createEvmChain(t.config.evm),
    startBlock: undefined,
    notify: async (n) => {
      const raw = JSON.stringify(n);
      const { status } = await d.deliver(raw, signChainNotification(t.config.secrets.callback, raw));
      if (status !== 200) throw new Error(`notification answered ${status}`);
    },
  });
}

describe("the block follower under load", () => {
  it(`credits ${DEPOSITS} deposits to ${CUSTOMERS} customers across blocks exactly once, two followers racing`, async () => {
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const c = await d.unverified();
      customers.push({ token: c.token, address: (await d.wallet(c.token, "ETH")).address });
    }
    await follower().followOnce(); // the followers start at today's head
    const start = Number(await node.rpc<string>("eth_blockNumber"));

    const expected = new Map<string, bigint>();
    const hashes: string[] = [];
    // Two workers' followers, looping while the blocks come (a pass that finds the row locked skips),
    // until every deposit is credited.
    const credited = async () =>
      (
        await t.database.pool.query<{ n: number }>(
          "select count(*)::int as n from ledger_operations where idempotency_key like any($1)",
          [hashes.map((h) => `chain:deposit:ethereum:${h}:%`)],
        )
      ).rows[0]?.n ?? 0;
    const race = async () => {
      const f = follower();
      const tally = { followed: 0, busy: 0 };
      const until = Date.now() + 300_000;
      while (Date.now() < until && (await credited()) < DEPOSITS) {
        const r = await f.followOnce();
        if (r.kind === "busy") tally.busy++;
        else tally.followed++;
        if (r.kind === "busy") await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return tally;
    };
    const started = performance.now();
    const racing = Promise.all([race(), race()]);

    // Deposits in blocks of PER_BLOCK: customer i gets deposits i, i + CUSTOMERS, … of 0.001 ETH × (k + 1).
    const payer = createWalletClient({
      account: privateKeyToAccount(LOCAL_EVM_FUNDED_KEY),
      transport: http(node.rpcUrl),
    });
    await node.rpc("evm_setAutomine", [false]);
    let nonce = await node
      .rpc<string>("eth_getTransactionCount", [payer.account.address, "pending"])
      .then(Number);
    for (let k = 0; k < DEPOSITS; k++) {
      const to = customers[k % CUSTOMERS] as (typeof customers)[number];
      const value = parseEther("0.001") * BigInt(k + 1);
      hashes.push(
        await payer.sendTransaction({ to: to.address as `0x${string}`, value, nonce: nonce++, chain: null }),
      );
      expected.set(to.token, (expected.get(to.token) ?? 0n) + value);
      if ((k + 1) % PER_BLOCK === 0) await node.rpc("hardhat_mine", ["0x1"]);
    }
    await node.rpc("hardhat_mine", [`0x${M.toString(16)}`]);
    await node.rpc("evm_setAutomine", [true]);
    const blocks = Number(await node.rpc<string>("eth_blockNumber")) - start;

    const [a, b] = await racing;
    const seconds = (performance.now() - started) / 1000;

    // Exactly once: one credit per deposit, every balance the sum of its deposits, and the
    // ledger's invariants hold.
    expect(await credited()).toBe(DEPOSITS);
    const { rows } = await t.database.pool.query<{ n: number }>(
      "select count(*)::int as n from crypto_deposits where tx_hash = any($1)",
      [hashes],
    );
    expect(rows[0]?.n).toBe(DEPOSITS);
    for (const c of customers) {
      const balance = parseEther((await d.wallet(c.token, "ETH")).balance);
      expect(balance).toBe(expected.get(c.token));
    }
    await d.expectInvariants();
    console.log(
      `follower load: ${DEPOSITS} deposits to ${CUSTOMERS} customers in ${blocks} blocks (${PER_BLOCK} a block, M = ${M}); ` +
        `paid, mined and credited in ${seconds.toFixed(1)} s (${(DEPOSITS / seconds).toFixed(1)} deposits/s) by two followers racing: ` +
        `passes followed ${a.followed} + ${b.followed}, found locked ${a.busy} + ${b.busy}; every deposit credited once`,
    );
  }, 600_000);
});
