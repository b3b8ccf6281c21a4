import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { createWalletClient, getAddress, http, keccak256, parseEther, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { broadcastPayload } from "../../jobs/chain-jobs.ts";
import { signChainNotification } from "../../providers/chain/chain-notification.ts";
import { unavailableChain } from "../../providers/chain/chain-provider.ts";
import { chainProviderFor } from "../../providers/chain/chain-router.ts";
import { createEvmChain } from "../../providers/chain/evm-chain.ts";
import { createEvmWithdrawals, REPLACE_AFTER_BLOCKS } from "../../providers/chain/evm-withdrawals.ts";
import {
  LOCAL_EVM_CHAIN_ID,
  LOCAL_EVM_FUNDED_KEY,
  LOCAL_EVM_HOT_WALLET_KEY,
  type LocalEvmNode,
  startLocalEvmNode,
} from "../../providers/chain/local/local-evm-node.ts";
import { testTokenArtifact } from "../../providers/chain/local/test-token.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { createChainFollower } from "./chain-follower.ts";
import { cryptoDriver } from "./crypto.test-helpers.ts";

// The block follower against a real EVM node (Hardhat's, from npm, started here): deposits of
// ETH and of an ERC-20 token credited once at M confirmations, a reorganisation before M drops
// one, a follower killed mid-block and restarted credits nothing twice.

const M = 3;
let node: LocalEvmNode;
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let usdt: `0x${string}`;
let dai: `0x${string}`;
const payer = privateKeyToAccount(LOCAL_EVM_FUNDED_KEY);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  node = await startLocalEvmNode(await freePort());
  const { abi, bytecode } = testTokenArtifact();
  const deployToken = async (name: string, symbol: string, decimals: number) => {
    const hash = await wallet().deployContract({
      abi,
      bytecode,
      args: [name, symbol, decimals, parseUnits("1000000", decimals)],
      chain: null,
    });
    const receipt = await node.rpc<{ contractAddress: string }>("eth_getTransactionReceipt", [hash]);
    return getAddress(receipt.contractAddress);
  };
  usdt = await deployToken("Tether USD", "USDT", 6);
  // A second token, of 18 decimals as DAI has on mainnet.
  dai = await deployToken("Dai Stablecoin", "DAI", 18);
  t = await createTestApp({
    CHAIN_ETH: "evm",
    CHAIN_USDT: "evm",
    EVM_RPC_URL: node.rpcUrl,
    EVM_CHAIN_ID: String(LOCAL_EVM_CHAIN_ID),
    EVM_CONFIRMATIONS: String(M),
    EVM_TOKEN_USDT: usdt,
    CHAIN_DAI: "evm",
    EVM_TOKEN_DAI: dai,
    EVM_HOT_WALLET_KEY: LOCAL_EVM_HOT_WALLET_KEY,
    EXPLORER_ERC20_TX_URL: "https://explorer.example/tx/{txHash}",
  });
  d = cryptoDriver(t);
  // The demo merchant offers DAI here too (its seed does not).
  await t.database.pool.query("update merchants set currencies = currencies || '{DAI}'");
}, 120_000);
afterAll(async () => {
  await t?.close();
  await node?.stop();
});

/** A follower as a worker runs it: notifications signed and handed to the app. */
function follower(afterRecorded?: () => Promise<void>, rpcUrl = node.rpcUrl) {
  if (!t.config.evm) throw new Error("no EVM config");
  const db = clientSourceFromPool(t.database.pool);
  const evm = createEvmChain({ ...t.config.evm, rpcUrl });
  return createChainFollower({
    db,
    reader: evm,
    startBlock: undefined,
    withdrawals: createEvmWithdrawals({ db, evm }),
    afterRecorded,
    notify: async (n) => {
      const raw = JSON.stringify(n);
      const { status } = await d.deliver(raw, signChainNotification(t.config.secrets.callback, raw));
      if (status !== 200) throw new Error(`notification answered ${status}`);
    },
  });
}

/**
 * A JSON-RPC proxy in front of the node that answers `null` to the receipt of a transaction
 * handed to `lagOnce`, once: what a load-balanced RPC URL answers when the node behind it lags.
 */
async function laggingRpcProxy(target: string) {
  const lagging = new Set<string>();
  let nulled = 0;
  const server = createHttpServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const call = JSON.parse(body) as { id?: number; method?: string; params?: unknown[] };
    const hash = call.method === "eth_getTransactionReceipt" ? String(call.params?.[0]).toLowerCase() : "";
    if (lagging.delete(hash)) {
      nulled++;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: null }));
      return;
    }
    const upstream = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    res.writeHead(upstream.status, { "content-type": "application/json" });
    res.end(await upstream.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    lagOnce: (txHash: string) => lagging.add(txHash.toLowerCase()),
    nulled: () => nulled,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const wallet = () => createWalletClient({ account: payer, transport: http(node.rpcUrl) });
const payEth = (to: string, eth: string) =>
  wallet().sendTransaction({ to: to as `0x${string}`, value: parseEther(eth), chain: null });
const payUsdt = (to: string, amount: string) =>
  wallet().writeContract({
    address: usdt,
    abi: testTokenArtifact().abi,
    functionName: "transfer",
    args: [to, parseUnits(amount, 6)],
    chain: null,
  });
const payDai = (to: string, amount: string) =>
  wallet().writeContract({
    address: dai,
    abi: testTokenArtifact().abi,
    functionName: "transfer",
    args: [to, parseUnits(amount, 18)],
    chain: null,
  });
const mine = (blocks: number) => node.rpc("hardhat_mine", [`0x${blocks.toString(16)}`]);
const receiveHistory = async (token: string) =>
  (await d.history(token)).json().operations.filter((o: { type: string }) => o.type === "RECEIVE_CRYPTO");

describe("the EVM block follower", () => {
  it("shows an ETH deposit pending with N of M confirmations and credits it once at M", async () => {
    const alice = await d.unverified();
    const address = (await d.wallet(alice.token, "ETH")).address;
    const f = follower();
    await f.followOnce(); // first pass: starts at the head
    const txHash = await payEth(address, "1.5");
    expect(await f.followOnce()).toMatchObject({ kind: "followed", rewound: false });
    const [pending] = await receiveHistory(alice.token);
    expect(pending).toMatchObject({ status: "PENDING", currency: "ETH" });
    expect(pending.receiveCryptoModel).toMatchObject({
      txHash,
      confirmations: 1,
      requiredConfirmations: M,
      explorerUrl: `https://explorer.example/tx/${txHash}`,
    });
    // The receive screen's "credited after M confirmations" is the node's M too, not the product's 12.
    expect(await d.wallet(alice.token, "ETH")).toMatchObject({ requiredConfirmations: M });
    expect((await d.wallet(alice.token, "ETH")).balance).toMatch(/^0\.0+$/);

    await mine(1);
    await f.followOnce();
    expect((await receiveHistory(alice.token))[0].receiveCryptoModel.confirmations).toBe(2);
    expect((await d.wallet(alice.token, "ETH")).balance).toMatch(/^0\.0+$/);

    await mine(1);
    await f.followOnce();
    await mine(5);
    await f.followOnce();
    await f.followOnce();
    const [done] = await receiveHistory(alice.token);
    expect(done).toMatchObject({ operationId: pending.operationId, status: "COMPLETED" });
    expect((await d.wallet(alice.token, "ETH")).balance).toMatch(/^1\.50*$/);
    await d.expectInvariants();
  });

  it("credits an ERC-20 Transfer to the customer's Ethereum address in the token's wallet", async () => {
    const bob = await d.unverified();
    const address = (await d.wallet(bob.token, "ETH")).address;
    const f = follower();
    await f.followOnce();
    await payUsdt(address, "25.5");
    await mine(M - 1);
    await f.followOnce();
    expect((await d.wallet(bob.token, "USDT")).balance).toMatch(/^25\.50*$/);
    expect((await receiveHistory(bob.token))[0]).toMatchObject({ currency: "USDT", status: "COMPLETED" });
  });

  it("credits a DAI Transfer (a second token, 18 decimals) in the DAI wallet, to the last wei", async () => {
    const dora = await d.unverified();
    const address = (await d.wallet(dora.token, "ETH")).address;
    expect((await d.wallet(dora.token, "DAI")).address).toBe(address);
    const f = follower();
    await f.followOnce();
    await payDai(address, "12.000000000000000001");
    await payUsdt(address, "1");
    await f.followOnce();
    expect((await receiveHistory(dora.token)).map((o: { currency: string }) => o.currency).sort()).toEqual([
      "DAI",
      "USDT",
    ]);
    await mine(M - 1);
    await f.followOnce();
    expect((await d.wallet(dora.token, "DAI")).balance).toBe("12.000000000000000001");
    expect((await d.wallet(dora.token, "USDT")).balance).toMatch(/^1\.0*$/);
    await d.expectInvariants();
  });

  it("drops a deposit whose block a reorganisation replaced before M, and never credits it", async () => {
    const carol = await d.unverified();
    const address = (await d.wallet(carol.token, "ETH")).address;
    const f = follower();
    await f.followOnce();
    const snapshot = await node.rpc<string>("evm_snapshot");
    await payEth(address, "2");
    await f.followOnce();
    expect((await receiveHistory(carol.token))[0]).toMatchObject({ status: "PENDING" });
    // Another branch without the payment, longer than the one the follower saw.
    await node.rpc("evm_revert", [snapshot]);
    await mine(2);
    expect(await f.followOnce()).toMatchObject({ rewound: true });
    await mine(M + 2);
    await f.followOnce();
    expect((await receiveHistory(carol.token))[0]).toMatchObject({ status: "FAILED" });
    expect((await d.wallet(carol.token, "ETH")).balance).toMatch(/^0\.0+$/);
    await d.expectInvariants();
  });

  it("credits once a dropped deposit whose transaction is mined again in a later block", async () => {
    const vic = await d.unverified();
    const address = (await d.wallet(vic.token, "ETH")).address;
    const f = follower();
    await f.followOnce();
    const snapshot = await node.rpc<string>("evm_snapshot");
    // Signed here, so that the very same transaction can be handed to the node again.
    const request = await wallet().prepareTransactionRequest({
      to: address as `0x${string}`,
      value: parseEther("0.5"),
      chain: null,
    });
    const raw = await wallet().signTransaction({ ...request, chain: null });
    const txHash = await node.rpc<string>("eth_sendRawTransaction", [raw]);
    await f.followOnce();
    await node.rpc("evm_revert", [snapshot]);
    await mine(2);
    await f.followOnce();
    await mine(M);
    await f.followOnce();
    expect((await receiveHistory(vic.token))[0]).toMatchObject({ status: "FAILED" });
    // Mined again, in a block after the reorganisation: pending again, then credited once.
    expect(await node.rpc("eth_sendRawTransaction", [raw])).toBe(txHash);
    await f.followOnce();
    expect((await receiveHistory(vic.token))[0]).toMatchObject({ status: "PENDING" });
    await mine(M);
    await f.followOnce();
    expect((await receiveHistory(vic.token))[0]).toMatchObject({ status: "COMPLETED" });
    expect((await d.wallet(vic.token, "ETH")).balance).toMatch(/^0\.50*$/);
    const { rows } = await t.database.pool.query(
      "select count(*)::int as n from ledger_operations where idempotency_key like $1",
      [`chain:deposit:ethereum:${txHash}:%`],
    );
    expect(rows[0].n).toBe(1);
    await d.expectInvariants();
  });

  it("keeps a deposit pending through one empty receipt (a node that lags) and credits it once", async () => {
    const uma = await d.unverified();
    const address = (await d.wallet(uma.token, "ETH")).address;
    const proxy = await laggingRpcProxy(node.rpcUrl);
    try {
      const f = follower(undefined, proxy.url);
      await f.followOnce();
      const txHash = await payEth(address, "0.02");
      proxy.lagOnce(txHash);
      // The pass records the payment, then asks for its receipt: the one empty answer.
      await f.followOnce();
      expect(proxy.nulled()).toBe(1);
      expect((await receiveHistory(uma.token))[0]).toMatchObject({ status: "PENDING" });
      await mine(M);
      await f.followOnce();
      await f.followOnce();
      expect((await receiveHistory(uma.token))[0]).toMatchObject({ status: "COMPLETED" });
      expect((await d.wallet(uma.token, "ETH")).balance).toMatch(/^0\.020*$/);
      const { rows } = await t.database.pool.query(
        "select count(*)::int as n from ledger_operations where idempotency_key like $1",
        [`chain:deposit:ethereum:${txHash}:%`],
      );
      expect(rows[0].n).toBe(1);
      await d.expectInvariants();
    } finally {
      await proxy.close();
    }
  });

  it("a follower killed mid-block and restarted, and two at once, credit each payment once", async () => {
    const [erin, frank] = [await d.unverified(), await d.unverified()];
    const to = [(await d.wallet(erin.token, "ETH")).address, (await d.wallet(frank.token, "ETH")).address];
    await follower().followOnce();
    // Both payments in one block.
    await node.rpc("evm_setAutomine", [false]);
    const paid = [await payEth(to[0] as string, "0.25"), await payEth(to[1] as string, "0.75")];
    await mine(1);
    await node.rpc("evm_setAutomine", [true]);
    await mine(M);
    // The worker dies after recording the first payment of the block: its height is not stored.
    const killed = follower(async () => {
      throw new Error("killed");
    });
    await expect(killed.followOnce()).rejects.toThrow("killed");
    // Restarted, twice at once (two workers): one follows, the other finds the network locked.
    const results = await Promise.all([follower().followOnce(), follower().followOnce()]);
    expect(results.map((r) => r.kind).sort()).toEqual(["busy", "followed"]);
    await follower().followOnce();
    expect((await d.wallet(erin.token, "ETH")).balance).toMatch(/^0\.250*$/);
    expect((await d.wallet(frank.token, "ETH")).balance).toMatch(/^0\.750*$/);
    const { rows } = await t.database.pool.query(
      "select count(*)::int as n from ledger_operations where idempotency_key like any($1)",
      [paid.map((hash) => `chain:deposit:ethereum:${hash}:%`)],
    );
    expect(rows[0].n).toBe(2); // one credit of each payment
    await d.expectInvariants();
  });
});

/** Runs the queued broadcast jobs as the worker would (the EVM network's currencies go to it). */
async function runBroadcasts(): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ payload: unknown }>(
    `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
     where k.id = j.task_id and k.identifier = 'chain_broadcast_withdrawal' returning j.payload`,
  );
  const chain = chainProviderFor(t.config, clientSourceFromPool(t.database.pool), unavailableChain());
  const hashes: string[] = [];
  for (const { payload } of rows) {
    const order = broadcastPayload.parse(payload);
    const order2 = { ...order, amount: BigInt(order.amount), networkFee: BigInt(order.networkFee) };
    hashes.push((await chain.broadcastWithdrawal(order2)).txHash);
    // A retried job sends the same transaction, never a second one.
    expect((await chain.broadcastWithdrawal(order2)).txHash).toBe(hashes.at(-1));
  }
  return hashes;
}

const OUTSIDE = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94";
const balanceOf = async (address: string) =>
  BigInt(await node.rpc<string>("eth_getBalance", [address, "latest"]));
const latestSend = async (token: string) =>
  (await d.history(token)).json().operations.find((o: { type: string }) => o.type === "SEND_TO_WALLET");

describe("the sandbox console's local-node buttons", () => {
  it("pays test coins to a customer's address and mines blocks: the follower credits them", async () => {
    const kim = await d.unverified();
    const address = (await d.wallet(kim.token, "ETH")).address;
    const f = follower();
    await f.followOnce();
    const form = d.consoleForm;
    const paid = await form("/sandbox/chain/local/pay/form", { currency: "USDT", address, amount: "7.25" });
    expect(paid.headers.location).toMatch(/local=Paid/);
    const mined = await form("/sandbox/chain/local/mine/form", { blocks: String(M) });
    expect(mined.headers.location).toMatch(/local=Mined/);
    await f.followOnce();
    expect((await d.wallet(kim.token, "USDT")).balance).toMatch(/^7\.250*$/);
    const page = await t.app.inject({ url: "/sandbox/chain" });
    expect(page.body).toContain("Pay test coins");
    expect(page.body).toContain("Mine blocks");
  });

  it("takes no simulated deposit of a currency the node carries: its deposits are the node's", async () => {
    const lou = await d.unverified();
    const address = (await d.wallet(lou.token, "ETH")).address;
    for (const currency of ["ETH", "USDT"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/sandbox/chain/deposit",
        payload: { currency, address, amount: "1" },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field: "currency" });
    }
    const { rows } = await t.database.pool.query(
      "select 1 from sandbox_chain_transactions where address = $1",
      [address],
    );
    expect(rows).toEqual([]);
    // The console's simulated-deposit form offers only the sandbox chain's currencies.
    const page = (await t.app.inject({ url: "/sandbox/chain" })).body;
    const simulated = page.slice(
      page.indexOf('action="/sandbox/chain/deposit/form"'),
      page.indexOf("</form>"),
    );
    expect(simulated).toContain("<option>BTC</option>");
    expect(simulated).not.toContain("<option>ETH</option>");
    expect(simulated).not.toContain("<option>USDT</option>");
  });
});

describe("EVM withdrawals", () => {
  it("shows the EIP-1559 fee, broadcasts once, and completes at M confirmations", async () => {
    const gina = await d.verified();
    await d.faucet(gina.phone, "ETH", "1");
    const evm = createEvmChain(t.config.evm as NonNullable<typeof t.config.evm>);
    const quote = await evm.feeQuote("ETH");
    const fee = await t.app.inject({
      url: `/v1/wallet/send/fee/ETH?amount=0.1&address=${OUTSIDE}`,
      headers: d.bearer(gina.token),
    });
    expect(fee.statusCode).toBe(200);
    // gas (21 000 for ETH) × the max fee per gas the node estimated (within the last 15 s).
    const networkFee = parseEther(fee.json().networkFee);
    expect(networkFee % 21_000n).toBe(0n);
    expect(networkFee / 21_000n).toBeGreaterThanOrEqual(quote.maxPriorityFeePerGas);
    const before = await balanceOf(OUTSIDE);
    const sent = await d.send(gina.token, {
      address: OUTSIDE,
      amount: "0.1",
      currency: "ETH",
      fee: fee.json().fee,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [txHash] = await runBroadcasts();
    expect(await balanceOf(OUTSIDE)).toBe(before + parseEther("0.1"));
    const f = follower();
    await f.followOnce();
    const pending = await latestSend(gina.token);
    expect(pending).toMatchObject({ status: "PENDING" });
    // M from EVM_CONFIRMATIONS (the product's table says 12 for ETH); the hash with its explorer page.
    expect(pending.sendToWalletModel).toMatchObject({
      txHash,
      confirmations: 1,
      requiredConfirmations: M,
      explorerUrl: `https://explorer.example/tx/${txHash}`,
    });
    await mine(M - 2);
    await f.followOnce();
    expect(await latestSend(gina.token)).toMatchObject({ status: "PENDING" });
    await mine(1);
    await f.followOnce();
    expect(await latestSend(gina.token)).toMatchObject({ status: "COMPLETED" });
    await d.expectInvariants();
  });

  it("replaces a withdrawal stuck in no block with the same nonce and higher fees", async () => {
    const lena = await d.verified();
    await d.faucet(lena.phone, "ETH", "1");
    const sent = await d.send(lena.token, { address: OUTSIDE, amount: "0.05", currency: "ETH" });
    expect(sent.statusCode, sent.body).toBe(200);
    await node.rpc("evm_setAutomine", [false]);
    try {
      const [stuck] = await runBroadcasts();
      const f = follower();
      // Blocks too dear for it: each one's base fee above what the transaction offers.
      for (let i = 0; i < 5; i++) {
        await node.rpc("hardhat_setNextBlockBaseFeePerGas", [`0x${(10n ** 12n).toString(16)}`]);
        await mine(1);
      }
      await f.followOnce();
      const { rows } = await t.database.pool.query<{ tx_hash: string; nonce: string }>(
        "select tx_hash, nonce from chain_sent_transactions where reference = $1",
        [(await latestSend(lena.token)).operationId],
      );
      expect(rows[0]?.tx_hash).not.toBe(stuck);
      const replacement = rows[0]?.tx_hash as string;
      await node.rpc("hardhat_setNextBlockBaseFeePerGas", ["0x1"]);
      await mine(1);
      const receipt = await node.rpc<{ status: string } | null>("eth_getTransactionReceipt", [replacement]);
      expect(receipt?.status).toBe("0x1");
      expect(await node.rpc("eth_getTransactionReceipt", [stuck])).toBeNull();
      await mine(12);
      await f.followOnce();
      expect(await latestSend(lena.token)).toMatchObject({ status: "COMPLETED" });
    } finally {
      await node.rpc("evm_setAutomine", [true]);
    }
  });

  it("follows the original when it is mined after its replacement was recorded; the follower goes on", async () => {
    const omar = await d.verified();
    await d.faucet(omar.phone, "ETH", "1");
    const sent = await d.send(omar.token, { address: OUTSIDE, amount: "0.02", currency: "ETH" });
    expect(sent.statusCode, sent.body).toBe(200);
    const reference = (await latestSend(omar.token)).operationId;
    const record = async () =>
      (
        await t.database.pool.query<{
          tx_hash: string;
          nonce: string;
          gas: string;
          fee: string;
          tip: string;
        }>(
          `select tx_hash, nonce, gas, max_fee_per_gas as fee, max_priority_fee_per_gas as tip
           from chain_sent_transactions where reference = $1`,
          [reference],
        )
      ).rows[0];
    const evm = createEvmChain(t.config.evm as NonNullable<typeof t.config.evm>);
    await node.rpc("evm_setAutomine", [false]);
    try {
      const [original] = await runBroadcasts();
      const first = await record();
      // The original's very bytes (signatures are deterministic), to hand the node again later.
      const originalRaw = await evm.sign({
        currency: "ETH",
        to: OUTSIDE,
        amount: parseEther("0.02"),
        nonce: Number(first?.nonce),
        fee: {
          gas: BigInt(first?.gas ?? 0),
          maxFeePerGas: BigInt(first?.fee ?? 0),
          maxPriorityFeePerGas: BigInt(first?.tip ?? 0),
        },
      });
      expect(keccak256(originalRaw)).toBe(original);
      const f = follower();
      const dearBlocks = async (n: number) => {
        for (let i = 0; i < n; i++) {
          await node.rpc("hardhat_setNextBlockBaseFeePerGas", [`0x${(10n ** 12n).toString(16)}`]);
          await mine(1);
        }
      };
      await dearBlocks(5);
      await f.followOnce();
      const replacement = (await record())?.tx_hash as string;
      expect(replacement).not.toBe(original);
      // The original is mined after all (the replacement never reached that block's miner).
      await node.rpc("hardhat_dropTransaction", [replacement]);
      await node.rpc("eth_sendRawTransaction", [originalRaw]);
      await node.rpc("hardhat_setNextBlockBaseFeePerGas", ["0x1"]);
      await mine(1);
      expect((await node.rpc<{ status: string }>("eth_getTransactionReceipt", [original])).status).toBe(
        "0x1",
      );
      // Past the replacement window: a second replacement of a spent nonce would be refused.
      await mine(REPLACE_AFTER_BLOCKS + M);
      await f.followOnce();
      expect((await record())?.tx_hash).toBe(original);
      const done = await latestSend(omar.token);
      expect(done).toMatchObject({ status: "COMPLETED", sendToWalletModel: { txHash: original } });
      await d.expectInvariants();
    } finally {
      await node.rpc("evm_setAutomine", [true]);
    }
  });

  it("a replacement the node refuses (hot wallet short of ETH) does not stop the follower's credits", async () => {
    const pia = await d.verified();
    const quinn = await d.unverified();
    await d.faucet(pia.phone, "ETH", "1");
    const sent = await d.send(pia.token, { address: OUTSIDE, amount: "0.02", currency: "ETH" });
    expect(sent.statusCode, sent.body).toBe(200);
    const hot = privateKeyToAccount(LOCAL_EVM_HOT_WALLET_KEY).address;
    const balance = await node.rpc<string>("eth_getBalance", [hot, "latest"]);
    const f = follower();
    await f.followOnce();
    await node.rpc("evm_setAutomine", [false]);
    try {
      await runBroadcasts();
      // Enough for the original (0.02 ETH and its fee), not for a replacement at the dear fee.
      await node.rpc("hardhat_setBalance", [hot, `0x${parseEther("0.045").toString(16)}`]);
      // A deposit that pays for the dear blocks the withdrawal is left out of.
      await wallet().sendTransaction({
        to: (await d.wallet(quinn.token, "ETH")).address as `0x${string}`,
        value: parseEther("0.3"),
        maxFeePerGas: 5n * 10n ** 12n,
        maxPriorityFeePerGas: 10n ** 9n,
        chain: null,
      });
      for (let i = 0; i < 5; i++) {
        await node.rpc("hardhat_setNextBlockBaseFeePerGas", [`0x${(10n ** 12n).toString(16)}`]);
        await mine(1);
      }
      await f.followOnce();
      expect((await d.wallet(quinn.token, "ETH")).balance).toMatch(/^0\.30*$/);
    } finally {
      await node.rpc("hardhat_setBalance", [hot, balance]);
      await node.rpc("hardhat_setNextBlockBaseFeePerGas", ["0x1"]);
      await node.rpc("evm_setAutomine", [true]);
      await mine(M);
    }
    // The original is mined in the end; the record follows it and the withdrawal completes.
    await f.followOnce();
    expect(await latestSend(pia.token)).toMatchObject({ status: "COMPLETED" });
  });

  it("gives two withdrawals broadcast at once consecutive nonces of the one sender, both mined", async () => {
    const [max, nina] = [await d.verified(), await d.verified()];
    for (const c of [max, nina]) {
      await d.faucet(c.phone, "ETH", "1");
      const sent = await d.send(c.token, { address: OUTSIDE, amount: "0.01", currency: "ETH" });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const { rows: jobs } = await t.database.pool.query<{ payload: unknown }>(
      `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
       where k.id = j.task_id and k.identifier = 'chain_broadcast_withdrawal' returning j.payload`,
    );
    expect(jobs).toHaveLength(2);
    const chain = chainProviderFor(t.config, clientSourceFromPool(t.database.pool), unavailableChain());
    const orders = jobs.map(({ payload }) => {
      const o = broadcastPayload.parse(payload);
      return { ...o, amount: BigInt(o.amount), networkFee: BigInt(o.networkFee) };
    });
    await node.rpc("evm_setAutomine", [false]);
    try {
      // Two workers at once: both read the node's pending count before either has sent.
      await Promise.all(orders.map((o) => chain.broadcastWithdrawal(o)));
    } finally {
      await node.rpc("evm_setAutomine", [true]);
    }
    const { rows } = await t.database.pool.query<{ nonce: string; tx_hash: string; sender: string }>(
      "select nonce, tx_hash, sender from chain_sent_transactions where reference = any($1) order by nonce",
      [orders.map((o) => o.reference)],
    );
    const nonces = rows.map((r) => Number(r.nonce));
    expect(nonces[1]).toBe((nonces[0] as number) + 1);
    expect(new Set(rows.map((r) => r.sender)).size).toBe(1);
    await mine(1);
    for (const r of rows) {
      const receipt = await node.rpc<{ status: string } | null>("eth_getTransactionReceipt", [r.tx_hash]);
      expect(receipt?.status).toBe("0x1");
    }
  });

  it("refunds once a withdrawal the network reverts", async () => {
    const hugo = await d.verified();
    await d.faucet(hugo.phone, "USDT", "100");
    // The hot wallet holds no USDT: the token transfer is mined and reverted.
    const sent = await d.send(hugo.token, { address: OUTSIDE, amount: "10", currency: "USDT" });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await d.wallet(hugo.token, "USDT")).availableBalance).not.toBe(
      (await d.wallet(hugo.token, "USDT")).balance,
    );
    await runBroadcasts();
    const f = follower();
    await f.followOnce();
    await f.followOnce();
    expect(await latestSend(hugo.token)).toMatchObject({ status: "FAILED" });
    expect((await d.wallet(hugo.token, "USDT")).balance).toMatch(/^100\.0+$/);
    expect((await d.wallet(hugo.token, "USDT")).availableBalance).toMatch(/^100\.0+$/);
    await d.expectInvariants();
  });
});

describe("bad input on the EVM network", () => {
  it("refuses a fee above the amount, another network's address, a wrong checksum, too many decimals", async () => {
    // Gas at 0.0001 ETH: a transfer's fee (2.1 ETH) is above any small amount.
    await node.rpc("hardhat_setNextBlockBaseFeePerGas", [`0x${(10n ** 14n).toString(16)}`]);
    await mine(1);
    const dear = await createTestApp({
      CHAIN_ETH: "evm",
      CHAIN_USDT: "evm",
      EVM_RPC_URL: node.rpcUrl,
      EVM_CHAIN_ID: String(LOCAL_EVM_CHAIN_ID),
      EVM_TOKEN_USDT: usdt,
      EVM_HOT_WALLET_KEY: LOCAL_EVM_HOT_WALLET_KEY,
    });
    try {
      const dd = cryptoDriver(dear);
      const jo = await dd.verified();
      await dd.faucet(jo.phone, "ETH", "5");
      await dd.faucet(jo.phone, "USDT", "100");
      // The fee quote asked for at start arrives (503 with Retry-After until then).
      await expect
        .poll(
          async () =>
            (
              await dear.app.inject({
                url: `/v1/wallet/send/fee/ETH?amount=1&address=${OUTSIDE}`,
                headers: dd.bearer(jo.token),
              })
            ).statusCode,
        )
        .toBe(200);
      // Each refused with 400 naming the field, before anything is reserved.
      const refused = async (body: Record<string, unknown>, expected: Record<string, string>) => {
        const res = await dd.send(jo.token, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject(expected);
      };
      await refused(
        { address: OUTSIDE, amount: "1", currency: "ETH" },
        { error: "FEE_ABOVE_AMOUNT", field: "amount" },
      );
      await refused(
        { address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", amount: "10", currency: "USDT" },
        { error: "ADDRESS_INVALID", field: "address" },
      );
      await refused(
        { address: OUTSIDE.replace("E", "e"), amount: "10", currency: "USDT" },
        { error: "ADDRESS_CHECKSUM_INVALID", field: "address" },
      );
      await refused({ address: OUTSIDE, amount: "10.1234567", currency: "USDT" }, { field: "amount" });
      expect((await dd.wallet(jo.token, "USDT")).availableBalance).toMatch(/^100\.0*$/);
    } finally {
      await dear.close();
      await node.rpc("hardhat_setNextBlockBaseFeePerGas", ["0x1"]);
      await mine(1);
    }
  });
});

describe("a node that is down", () => {
  it("is a 503 with Retry-After for the fee and the send, and the follower stores nothing", async () => {
    const port = await freePort();
    const down = await createTestApp({
      CHAIN_ETH: "evm",
      EVM_RPC_URL: `http://127.0.0.1:${port}`,
      EVM_CHAIN_ID: String(LOCAL_EVM_CHAIN_ID),
      EVM_HOT_WALLET_KEY: LOCAL_EVM_HOT_WALLET_KEY,
    });
    try {
      const dd = cryptoDriver(down);
      const ivy = await dd.verified();
      const fee = await down.app.inject({
        url: `/v1/wallet/send/fee/ETH?amount=0.1&address=${OUTSIDE}`,
        headers: dd.bearer(ivy.token),
      });
      expect(fee.statusCode).toBe(503);
      expect(fee.headers["retry-after"]).toBeDefined();
      // The send itself too, before anything is reserved.
      await dd.faucet(ivy.phone, "ETH", "1");
      const send = await dd.send(ivy.token, { address: OUTSIDE, amount: "0.1", currency: "ETH" });
      expect(send.statusCode, send.body).toBe(503);
      expect(send.headers["retry-after"]).toBeDefined();
      expect((await dd.wallet(ivy.token, "ETH")).availableBalance).toMatch(/^1\.0*$/);
      // The console's Mine blocks says so on its page, never a 500.
      const mined = await down.app.inject({
        method: "POST",
        url: "/sandbox/chain/local/mine/form",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "blocks=1",
      });
      expect(mined.statusCode).toBe(303);
      expect(mined.headers.location).toMatch(/error=A\+local\+node\+did\+not\+answer/);
      const evm = createEvmChain(down.config.evm as NonNullable<typeof down.config.evm>);
      const f = createChainFollower({
        db: clientSourceFromPool(down.database.pool),
        reader: evm,
        startBlock: 0,
        notify: async () => undefined,
      });
      await expect(f.followOnce()).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
      const { rows } = await down.database.pool.query("select * from chain_follower_state");
      expect(rows).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
