import { createServer } from "node:net";
import { bech32 } from "@scure/base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { broadcastPayload } from "../../jobs/chain-jobs.ts";
import { signChainNotification } from "../../providers/chain/chain-notification.ts";
import { unavailableChain } from "../../providers/chain/chain-provider.ts";
import { chainProviderFor } from "../../providers/chain/chain-router.ts";
import { type LocalLitecoind, startLocalLitecoind } from "../../providers/chain/local/local-litecoind.ts";
import { createUtxoChain, type UtxoChain } from "../../providers/chain/utxo-chain.ts";
import { createUtxoWithdrawals } from "../../providers/chain/utxo-withdrawals.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { createChainFollower } from "./chain-follower.ts";
import { cryptoDriver } from "./crypto.test-helpers.ts";

// The block follower on a real Bitcoin-family node: Litecoin Core in regtest (Debian's
// litecoind; without it this file fails with one line saying how to install it).

const M = 3;
let node: LocalLitecoind;
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let ltc: UtxoChain;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  node = await startLocalLitecoind(await freePort());
  t = await createTestApp({
    CHAIN_LTC: "utxo",
    UTXO_LTC_RPC_URL: node.rpcUrl,
    UTXO_LTC_CONFIRMATIONS: String(M),
    // Not the node's fallback fee (10 sat/vB): a payment at this rate was paid at ours.
    UTXO_LTC_FEE_RATE: "12",
  });
  d = cryptoDriver(t);
  ltc = createUtxoChain(t.config.utxo[0] as (typeof t.config.utxo)[number]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

function follower() {
  const db = clientSourceFromPool(t.database.pool);
  return createChainFollower({
    db,
    reader: ltc,
    startBlock: undefined,
    withdrawals: createUtxoWithdrawals({
      db,
      chain: ltc,
      config: t.config.utxo[0] as (typeof t.config.utxo)[number],
    }),
    notify: async (n) => {
      const raw = JSON.stringify(n);
      const { status } = await d.deliver(raw, signChainNotification(t.config.secrets.callback, raw));
      if (status !== 200) throw new Error(`notification answered ${status}`);
    },
  });
}

/** Pays `amount` LTC from the node's wallet to a customer's (mainnet-spelled) address. */
const pay = async (address: string, amount: string) =>
  node.rpc<string>("sendtoaddress", [await ltc.nodeAddress(address), amount]);
const receiveHistory = async (token: string) =>
  (await d.history(token)).json().operations.filter((o: { type: string }) => o.type === "RECEIVE_CRYPTO");

describe("the Bitcoin-family block follower (litecoind -regtest)", () => {
  it("shows an LTC deposit pending with N of M confirmations and credits it once at M", async () => {
    const alice = await d.unverified();
    const address = (await d.wallet(alice.token, "LTC")).address;
    expect(address).toMatch(/^ltc1q/);
    const f = follower();
    await f.followOnce();
    const txHash = await pay(address, "0.5");
    await node.mine(1);
    await f.followOnce();
    const [pending] = await receiveHistory(alice.token);
    expect(pending).toMatchObject({ status: "PENDING", currency: "LTC" });
    expect(pending.receiveCryptoModel).toMatchObject({ txHash, confirmations: 1, requiredConfirmations: M });
    expect((await d.wallet(alice.token, "LTC")).balance).toMatch(/^0\.0+$/);
    await node.mine(M - 1);
    await f.followOnce();
    await node.mine(2);
    await f.followOnce();
    expect((await receiveHistory(alice.token))[0]).toMatchObject({ status: "COMPLETED" });
    expect((await d.wallet(alice.token, "LTC")).balance).toMatch(/^0\.50*$/);
    await d.expectInvariants();
  });

  it("drops a deposit whose block is replaced before M by blocks without it", async () => {
    const bob = await d.unverified();
    const address = (await d.wallet(bob.token, "LTC")).address;
    const f = follower();
    await f.followOnce();
    await pay(address, "0.25");
    const [block] = await node.mine(1);
    await f.followOnce();
    expect((await receiveHistory(bob.token))[0]).toMatchObject({ status: "PENDING" });
    // The block is replaced by a longer branch of empty blocks: the payment is in none.
    await node.rpc("invalidateblock", [block]);
    const to = await node.rpc<string>("getnewaddress", ["", "bech32"]);
    for (let i = 0; i < 2; i++) await node.rpc("generateblock", [to, []]);
    expect(await f.followOnce()).toMatchObject({ rewound: true });
    expect((await receiveHistory(bob.token))[0]).toMatchObject({ status: "FAILED" });
    expect((await d.wallet(bob.token, "LTC")).balance).toMatch(/^0\.0+$/);
    await d.expectInvariants();
  });
});

describe("the sandbox console's local-node buttons (litecoind)", () => {
  it("pays test LTC to a customer's address and mines blocks: the follower credits it", async () => {
    const gus = await d.unverified();
    const address = (await d.wallet(gus.token, "LTC")).address;
    const f = follower();
    await f.followOnce();
    const form = d.consoleForm;
    const paid = await form("/sandbox/chain/local/pay/form", { currency: "LTC", address, amount: "0.75" });
    expect(paid.headers.location).toMatch(/local=Paid/);
    await f.followOnce();
    expect((await receiveHistory(gus.token))[0]).toMatchObject({ status: "PENDING" });
    const mined = await form("/sandbox/chain/local/mine/form", { blocks: String(M) });
    expect(mined.headers.location).toMatch(/local=Mined/);
    await f.followOnce();
    expect((await d.wallet(gus.token, "LTC")).balance).toMatch(/^0\.750*$/);
  });
});

describe("Bitcoin-family withdrawals through the node's wallet", () => {
  it("sends once at the fee rate however often the job runs, and completes at its confirmations", async () => {
    const cleo = await d.verified();
    await d.faucet(cleo.phone, "LTC", "2");
    // An outside address (mainnet spelling, as a customer types it).
    const outside = bech32.encode("ltc", [0, ...bech32.toWords(Buffer.alloc(20, 9))]);
    const fee = await t.app.inject({
      url: `/v1/wallet/send/fee/LTC?amount=0.3&address=${outside}`,
      headers: d.bearer(cleo.token),
    });
    // 12 sat/vB (UTXO_LTC_FEE_RATE) × 141 vB.
    expect(fee.json()).toMatchObject({ networkFee: "0.00001692" });
    const sent = await d.send(cleo.token, { address: outside, amount: "0.3", currency: "LTC" });
    expect(sent.statusCode, sent.body).toBe(200);
    const { chain, order } = await queuedBroadcast();
    const { txHash } = await chain.broadcastWithdrawal(order);
    expect((await chain.broadcastWithdrawal(order)).txHash).toBe(txHash);
    const tx = await node.rpc<{ vsize: number; vout: { value: number; scriptPubKey: { hex: string } }[] }>(
      "getrawtransaction",
      [txHash, true],
    );
    expect(
      tx.vout.filter((v) => v.scriptPubKey.hex === `0014${"09".repeat(20)}`).map((v) => v.value),
    ).toEqual([0.3]);
    // Paid on the node at the configured rate, not the wallet's own (fallback 10 sat/vB).
    const paidFee = -(await node.rpc<{ fee: number }>("gettransaction", [txHash])).fee;
    expect(Math.round((paidFee * 1e8) / tx.vsize)).toBe(12);
    const f = follower();
    await f.followOnce();
    // M is UTXO_LTC_CONFIRMATIONS (3), not the product's table (LTC 6).
    await node.mine(M - 1);
    await f.followOnce();
    expect(await latestSend(cleo.token)).toMatchObject({ status: "PENDING" });
    await node.mine(1);
    await f.followOnce();
    const latest = await latestSend(cleo.token);
    expect(latest).toMatchObject({ status: "COMPLETED" });
    expect(latest.sendToWalletModel).toMatchObject({ txHash, requiredConfirmations: M });
    await d.expectInvariants();
  });

  it("bumps a withdrawal left out of 5 blocks with bumpfee; litecoind refuses it and the original pays once", async () => {
    const dina = await d.verified();
    await d.faucet(dina.phone, "LTC", "1");
    const outside = bech32.encode("ltc", [0, ...bech32.toWords(Buffer.alloc(20, 7))]);
    const sent = await d.send(dina.token, { address: outside, amount: "0.2", currency: "LTC" });
    expect(sent.statusCode, sent.body).toBe(200);
    const { chain, order } = await queuedBroadcast();
    const { txHash: stuck } = await chain.broadcastWithdrawal(order);
    const f = follower();
    await f.followOnce();
    // Blocks that leave it out, as blocks full of better-paying transactions would.
    const miner = await node.rpc<string>("getnewaddress", ["", "bech32"]);
    const emptyBlocks = async (n: number) => {
      for (let i = 0; i < n; i++) await node.rpc("generateblock", [miner, []]);
    };
    type WalletTx = { fee: number; replaced_by_txid?: string; details: { abandoned?: boolean }[] };
    const walletTx = (txid: string) => node.rpc<WalletTx>("gettransaction", [txid]);
    await emptyBlocks(4);
    await f.followOnce();
    expect((await walletTx(stuck)).replaced_by_txid).toBeUndefined(); // 4 blocks: not yet

    await emptyBlocks(1);
    await f.followOnce();
    // The wallet made the replacement, at a higher fee...
    const replacement = (await walletTx(stuck)).replaced_by_txid as string;
    expect(replacement).toMatch(/^[0-9a-f]{64}$/);
    expect(-(await walletTx(replacement)).fee).toBeGreaterThan(-(await walletTx(stuck)).fee);
    // ...which Litecoin Core's mempool refuses (txn-mempool-conflict): abandoned, the original stays.
    expect(await node.rpc<string[]>("getrawmempool")).toEqual([stuck]);
    expect((await walletTx(replacement)).details.every((x) => x.abandoned)).toBe(true);
    expect(await sentTxHash(order.reference)).toBe(stuck);
    await emptyBlocks(5);
    await f.followOnce(); // no second bump of a transaction the wallet already replaced
    expect(await node.rpc<string[]>("getrawmempool")).toEqual([stuck]);

    await node.mine(M);
    await f.followOnce();
    const latest = await latestSend(dina.token);
    expect(latest).toMatchObject({ status: "COMPLETED" });
    expect(latest.sendToWalletModel).toMatchObject({ txHash: stuck });
    const paid = await node.rpc<{ vout: { value: number; scriptPubKey: { hex: string } }[] }>(
      "getrawtransaction",
      [stuck, true],
    );
    expect(
      paid.vout.filter((v) => v.scriptPubKey.hex === `0014${"07".repeat(20)}`).map((v) => v.value),
    ).toEqual([0.2]);
    await d.expectInvariants();
  });
});

describe("bad input and a node that is down (LTC on litecoind)", () => {
  it("refuses another network's address, a wrong checksum, too many decimals: 400 naming the field", async () => {
    const eve = await d.verified();
    await d.faucet(eve.phone, "LTC", "1");
    const good = bech32.encode("ltc", [0, ...bech32.toWords(Buffer.alloc(20, 5))]);
    const cases = [
      // A Bitcoin address on the Litecoin network.
      [
        { address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", amount: "0.1" },
        "ADDRESS_INVALID",
        "address",
      ],
      // One character changed: bech32's checksum fails.
      [
        { address: `${good.slice(0, -1)}${good.endsWith("q") ? "p" : "q"}`, amount: "0.1" },
        "ADDRESS_CHECKSUM_INVALID",
        "address",
      ],
      // LTC has 8 decimals.
      [{ address: good, amount: "0.123456789" }, undefined, "amount"],
    ] as const;
    for (const [body, error, field] of cases) {
      const res = await d.send(eve.token, { ...body, currency: "LTC" });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ ...(error ? { error } : {}), field });
    }
    expect((await d.wallet(eve.token, "LTC")).balance).toMatch(/^1\.0+$/); // nothing reserved
  });

  it("a follower whose node is down fails its pass storing nothing; the next pass resumes where it stopped", async () => {
    const fay = await d.unverified();
    const address = (await d.wallet(fay.token, "LTC")).address;
    const live = follower();
    await live.followOnce();
    const stored = async () =>
      (
        await t.database.pool.query("select height from chain_follower_state where network = $1", [
          ltc.network,
        ])
      ).rows[0]?.height;
    const before = Number(await stored());
    // The same network's follower, its node unreachable (nothing listens on the port).
    const config = t.config.utxo[0] as (typeof t.config.utxo)[number];
    const downUrl = new URL(config.rpcUrl);
    downUrl.port = String(await freePort());
    const down = createChainFollower({
      db: clientSourceFromPool(t.database.pool),
      reader: createUtxoChain({ ...config, rpcUrl: downUrl.href }),
      startBlock: undefined,
      notify: async () => undefined,
    });
    const txHash = await pay(address, "0.125");
    await node.mine(1);
    await expect(down.followOnce()).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      status: 503,
      headers: { "retry-after": "30" },
    });
    expect(Number(await stored())).toBe(before);
    // Back up: the next pass starts at the block after the stored one and sees the payment.
    expect(await live.followOnce()).toMatchObject({ kind: "followed", from: before + 1 });
    const [pending] = await receiveHistory(fay.token);
    expect(pending).toMatchObject({ status: "PENDING", receiveCryptoModel: { txHash, confirmations: 1 } });
  });
});

/** The one queued broadcast job, taken off the queue as the worker would, and the chain to run it. */
async function queuedBroadcast() {
  const { rows } = await t.database.pool.query<{ payload: unknown }>(
    `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
     where k.id = j.task_id and k.identifier = 'chain_broadcast_withdrawal' returning j.payload`,
  );
  expect(rows).toHaveLength(1);
  const order = broadcastPayload.parse(rows[0]?.payload);
  const chain = chainProviderFor(t.config, clientSourceFromPool(t.database.pool), unavailableChain());
  return { chain, order: { ...order, amount: BigInt(order.amount), networkFee: BigInt(order.networkFee) } };
}

const latestSend = async (token: string) =>
  (await d.history(token)).json().operations.find((o: { type: string }) => o.type === "SEND_TO_WALLET");

const sentTxHash = async (reference: string) =>
  (
    await t.database.pool.query<{ tx_hash: string }>(
      "select tx_hash from chain_sent_transactions where reference = $1",
      [reference],
    )
  ).rows[0]?.tx_hash;
