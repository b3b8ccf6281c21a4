import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { broadcastPayload } from "../../jobs/chain-jobs.ts";
import { base58check } from "../../providers/chain/address-derivation.ts";
import { signChainNotification } from "../../providers/chain/chain-notification.ts";
import { unavailableChain } from "../../providers/chain/chain-provider.ts";
import { chainProviderFor } from "../../providers/chain/chain-router.ts";
import { type LocalLitecoind, startLocalLitecoind } from "../../providers/chain/local/local-litecoind.ts";
import { createUtxoChain, type UtxoChain } from "../../providers/chain/utxo-chain.ts";
import { createUtxoWithdrawals } from "../../providers/chain/utxo-withdrawals.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { createChainFollower } from "./chain-follower.ts";
import { cryptoDriver } from "./crypto.test-helpers.ts";

// DOGE on a Bitcoin Core JSON-RPC node. Debian packages no dogecoind: litecoind -regtest stands
// in as the DOGE node (CHAIN_DOGE=utxo, UTXO_DOGE_RPC_URL). Its regtest P2PKH version byte (0x6f)
// is Dogecoin regtest's too, so it pays to and from our D… addresses re-spelled for regtest,
// and its blocks carry the same P2PKH scripts a Dogecoin block would (docs/chains.md says what
// this proves and what it does not).

const M = 3;
let node: LocalLitecoind;
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let doge: UtxoChain;
const config = () => t.config.utxo.find((u) => u.currency === "DOGE") as (typeof t.config.utxo)[number];

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
    CHAIN_DOGE: "utxo",
    UTXO_DOGE_RPC_URL: node.rpcUrl,
    UTXO_DOGE_CONFIRMATIONS: String(M),
  });
  // The demo merchant offers DOGE here (its seed does not).
  await t.database.pool.query("update merchants set currencies = currencies || '{DOGE}'");
  d = cryptoDriver(t);
  doge = createUtxoChain(config());
}, 120_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

function follower() {
  const db = clientSourceFromPool(t.database.pool);
  return createChainFollower({
    db,
    reader: doge,
    startBlock: undefined,
    withdrawals: createUtxoWithdrawals({ db, chain: doge, config: config() }),
    notify: async (n) => {
      const raw = JSON.stringify(n);
      const { status } = await d.deliver(raw, signChainNotification(t.config.secrets.callback, raw));
      if (status !== 200) throw new Error(`notification answered ${status}`);
    },
  });
}

/** A Dogecoin mainnet P2PKH address (D…) of a made-up key hash: someone outside. */
const outsideAddress = (byte: number) =>
  base58check.encode(new Uint8Array([0x1e, ...Buffer.alloc(20, byte)]));
const receiveHistory = async (token: string) =>
  (await d.history(token)).json().operations.filter((o: { type: string }) => o.type === "RECEIVE_CRYPTO");

describe("DOGE on a Bitcoin-family node (litecoind -regtest as the DOGE node)", () => {
  it("gives a D… address, matches the P2PKH payment to it, pending N of M then credited once", async () => {
    const alice = await d.unverified();
    const address = (await d.wallet(alice.token, "DOGE")).address;
    expect(address).toMatch(/^D/);
    const regtest = await doge.nodeAddress(address);
    expect(regtest).toMatch(/^[mn]/);
    expect(await node.rpc<{ isvalid: boolean }>("validateaddress", [regtest])).toMatchObject({
      isvalid: true,
    });
    const f = follower();
    await f.followOnce();
    const txHash = await node.rpc<string>("sendtoaddress", [regtest, "42.5"]);
    await node.mine(1);
    await f.followOnce();
    const [pending] = await receiveHistory(alice.token);
    expect(pending).toMatchObject({ status: "PENDING", currency: "DOGE" });
    expect(pending.receiveCryptoModel).toMatchObject({ txHash, confirmations: 1, requiredConfirmations: M });
    await node.mine(M - 1);
    await f.followOnce();
    await node.mine(2);
    await f.followOnce();
    expect(await receiveHistory(alice.token)).toMatchObject([{ status: "COMPLETED" }]);
    expect((await d.wallet(alice.token, "DOGE")).balance).toMatch(/^42\.50*$/);
    await d.expectInvariants();
  });

  it("drops a DOGE deposit whose block is replaced before M by blocks without it", async () => {
    const bob = await d.unverified();
    const address = (await d.wallet(bob.token, "DOGE")).address;
    const f = follower();
    await f.followOnce();
    await node.rpc<string>("sendtoaddress", [await doge.nodeAddress(address), "7"]);
    const [block] = await node.mine(1);
    await f.followOnce();
    expect(await receiveHistory(bob.token)).toMatchObject([{ status: "PENDING" }]);
    await node.rpc("invalidateblock", [block]);
    const to = await node.rpc<string>("getnewaddress");
    for (let i = 0; i < 2; i++) await node.rpc("generateblock", [to, []]);
    expect(await f.followOnce()).toMatchObject({ rewound: true });
    expect(await receiveHistory(bob.token)).toMatchObject([{ status: "FAILED" }]);
    expect((await d.wallet(bob.token, "DOGE")).balance).toMatch(/^0\.0+$/);
    await d.expectInvariants();
  });

  it("sends a withdrawal to a D… address once (P2PKH output on the node), fee shown, COMPLETED at M", async () => {
    const cleo = await d.verified();
    await d.faucet(cleo.phone, "DOGE", "100");
    const outside = outsideAddress(9);
    const fee = await t.app.inject({
      url: `/v1/wallet/send/fee/DOGE?amount=30&address=${outside}`,
      headers: d.bearer(cleo.token),
    });
    // 1000 koinu/byte (the default rate) × 226 bytes (a P2PKH input, two outputs).
    expect(fee.json()).toMatchObject({ networkFee: "0.00226000" });
    const sent = await d.send(cleo.token, { address: outside, amount: "30", currency: "DOGE" });
    expect(sent.statusCode, sent.body).toBe(200);
    const { chain, order } = await queuedBroadcast();
    const { txHash } = await chain.broadcastWithdrawal(order);
    expect((await chain.broadcastWithdrawal(order)).txHash).toBe(txHash);
    const tx = await node.rpc<{ vout: { value: number; scriptPubKey: { hex: string } }[] }>(
      "getrawtransaction",
      [txHash, true],
    );
    expect(
      tx.vout.filter((v) => v.scriptPubKey.hex === `76a914${"09".repeat(20)}88ac`).map((v) => v.value),
    ).toEqual([30]);
    const f = follower();
    await f.followOnce();
    await node.mine(M);
    await f.followOnce();
    const latest = (await d.history(cleo.token))
      .json()
      .operations.find((o: { type: string }) => o.type === "SEND_TO_WALLET");
    expect(latest).toMatchObject({
      status: "COMPLETED",
      sendToWalletModel: { txHash, requiredConfirmations: M },
    });
    await d.expectInvariants();
  });

  it("refuses another network's address and a wrong checksum: 400 naming the field, nothing reserved", async () => {
    const eve = await d.verified();
    await d.faucet(eve.phone, "DOGE", "10");
    const cases = [
      // Litecoin's and Dogecoin testnet's addresses on the Dogecoin network.
      ["LUWPbpM43E2p7ZSh8cyTBEkvpHmr3cB8Ez", "ADDRESS_INVALID"],
      ["nhRsrUaxZou6sewjqaS37cJrMRJRgwVXdk", "ADDRESS_INVALID"],
      // Dogecoin Core's key_tests strAddressBad: a D… whose checksum fails.
      ["DRjyUS2uuieEPkhZNdQz8hE5YycxVEqSXA", "ADDRESS_CHECKSUM_INVALID"],
    ] as const;
    for (const [address, error] of cases) {
      const res = await d.send(eve.token, { address, amount: "1", currency: "DOGE" });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error, field: "address" });
    }
    expect((await d.wallet(eve.token, "DOGE")).balance).toMatch(/^10\.0+$/);
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
