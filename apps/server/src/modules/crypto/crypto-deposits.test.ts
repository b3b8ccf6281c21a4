import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveAddress } from "../../providers/chain/address-derivation.ts";
import type { ChainNotification } from "../../providers/chain/chain-notification.ts";
import { sandboxAccountKeys } from "../../providers/chain/sandbox-account-keys.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { cryptoDriver } from "./crypto.test-helpers.ts";
import { depositAddressSql } from "./deposit-addresses.repository.ts";

let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let alice: { phone: string; token: string; customerId: string };

const historyOf = async (token: string, query = "") => (await d.history(token, query)).json().operations;

beforeAll(async () => {
  // A slow clock: confirmations come only when a test moves it.
  t = await createTestApp({ CHAIN_CONFIRMATION_SECONDS: "600" });
  d = cryptoDriver(t);
  alice = await d.unverified();
});
afterAll(() => t.close());

describe("deposit addresses", () => {
  it("gives each crypto wallet a READY, checksummed address of its network, derived from the merchant's xpub", async () => {
    const wallets = await d.wallets(alice.token);
    const by = (c: string) => wallets.find((w) => w.currency === c);
    expect(by("BTC")).toMatchObject({ walletCreationState: "READY", network: "BTC" });
    expect(by("BTC")?.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(by("LTC")?.address).toMatch(/^ltc1q/);
    expect(by("TRX")?.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(by("ETH")?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The ERC-20 tokens live at the customer's Ethereum address.
    expect(by("USDT")).toMatchObject({ address: by("ETH")?.address, network: "ERC20" });
    expect(by("EUR")).toMatchObject({ address: "", network: null, walletCreationState: "READY" });
    const { rows } = await t.database.pool.query<{
      chain: string;
      derivation_index: number;
      address: string;
    }>("select chain, derivation_index, address from deposit_addresses where customer_id = $1", [
      alice.customerId,
    ]);
    const keys = sandboxAccountKeys(0);
    for (const row of rows) {
      const key = keys.find((k) => k.chain === row.chain)?.extendedPublicKey as string;
      expect(deriveAddress(row.chain as "bitcoin", key, row.derivation_index)).toBe(row.address);
    }
    expect(rows).toHaveLength(4);
    expect((await d.wallets(alice.token)).map((w) => w.address)).toEqual(wallets.map((w) => w.address));
  });

  it("never gives an index twice: concurrent first lists of new customers end with one address each, no gaps", async () => {
    const customers = await Promise.all([d.unverified(), d.unverified(), d.unverified()]);
    const lists = await Promise.all(
      customers.flatMap((c) => [d.wallets(c.token), d.wallets(c.token), d.wallets(c.token)]),
    );
    const btc = lists.map((ws) => ws.find((w) => w.currency === "BTC")?.address);
    expect(new Set(btc).size).toBe(3);
    const { rows } = await t.database.pool.query<{
      chain: string;
      next_index: number;
      used: string;
      distinct_idx: string;
    }>(
      `select k.chain, k.next_index, count(a.id) as used, count(distinct a.derivation_index) as distinct_idx
       from chain_account_keys k left join deposit_addresses a on a.merchant_id = k.merchant_id and a.chain = k.chain
       where k.merchant_id = $1 group by k.chain, k.next_index`,
      [DEMO_MERCHANT_ID],
    );
    for (const r of rows) {
      expect(Number(r.used)).toBe(r.next_index);
      expect(Number(r.distinct_idx)).toBe(r.next_index);
    }
  });

  it("never lets a second merchant own an address (a key configured at both): 23505, no row", async () => {
    const pool = t.database.pool;
    const { rows } = await pool.query<{ address: string }>(
      "select address from deposit_addresses where customer_id = $1 and chain = 'bitcoin'",
      [alice.customerId],
    );
    const address = rows[0]?.address as string;
    const nimbus = await d.verified(NIMBUS_MERCHANT_ID);
    await pool.query("delete from deposit_addresses where customer_id = $1 and chain = 'bitcoin'", [
      nimbus.customerId,
    ]);
    const row = {
      id: uuidv7(),
      merchantId: NIMBUS_MERCHANT_ID,
      customerId: nimbus.customerId,
      chain: "bitcoin" as const,
      address,
      derivationIndex: 1_000_000,
    };
    const c = await pool.connect();
    try {
      await c.query("begin");
      await expect(depositAddressSql.insert(c, row)).rejects.toMatchObject({ code: "23505" });
    } finally {
      await c.query("rollback");
      c.release();
    }
    expect(await depositAddressSql.findByAddress(pool, "bitcoin", address)).toMatchObject({
      merchantId: DEMO_MERCHANT_ID,
      customerId: alice.customerId,
    });
  });

  it("gives a second merchant's customers addresses from its own key", async () => {
    const nimbus = await d.verified(NIMBUS_MERCHANT_ID);
    const btc = (await d.wallet(nimbus.token, "BTC")).address;
    const key = sandboxAccountKeys(1).find((k) => k.chain === "bitcoin")?.extendedPublicKey as string;
    expect(btc).toBe(deriveAddress("bitcoin", key, 0));
    expect(btc).not.toBe((await d.wallet(alice.token, "BTC")).address);
  });
});

describe("deposits on the sandbox chain", () => {
  it("shows a deposit as pending with N of M confirmations, then credits it once it has them", async () => {
    const address = (await d.wallet(alice.token, "BTC")).address;
    const res = await d.deposit(address, "BTC", "0.01");
    expect(res.statusCode).toBe(200);
    const { txHash, requiredConfirmations } = res.json();
    expect(requiredConfirmations).toBe(2);
    expect(await d.runChainJobs()).toBe(1);
    const [pending] = await historyOf(alice.token);
    expect(pending).toMatchObject({
      type: "RECEIVE_CRYPTO",
      status: "PENDING",
      amount: "0.01000000",
      currency: "BTC",
    });
    expect(pending.receiveCryptoModel).toMatchObject({
      txHash,
      toAddress: address,
      confirmations: 0,
      requiredConfirmations: 2,
    });
    expect((await d.wallet(alice.token, "BTC")).balance).toBe("0.00000000");

    expect((await d.advance(txHash, 1)).statusCode).toBe(200);
    await d.runChainJobs();
    expect((await historyOf(alice.token))[0].receiveCryptoModel.confirmations).toBe(1);
    expect((await d.wallet(alice.token, "BTC")).balance).toBe("0.00000000");

    await d.advance(txHash, 1);
    await d.runChainJobs();
    const [done] = await historyOf(alice.token);
    expect(done).toMatchObject({ operationId: pending.operationId, status: "COMPLETED" });
    expect(done.receiveCryptoModel.confirmations).toBe(2);
    expect((await d.wallet(alice.token, "BTC")).balance).toBe("0.01000000");
    expect(await d.runChainJobs()).toBe(0);
    await d.expectInvariants();
  });

  it("credits exactly once however often, and however concurrently, the chain repeats itself", async () => {
    const address = (await d.wallet(alice.token, "ETH")).address;
    const txHash = `0x${"ab".repeat(32)}`;
    const n: ChainNotification = {
      txHash,
      outputIndex: 0,
      chain: "ethereum",
      currency: "ETH",
      direction: "IN",
      address,
      fromAddress: "0x000000000000000000000000000000000000dEaD",
      amount: "0.5",
      networkFee: "0",
      confirmations: 12,
      requiredConfirmations: 12,
      status: "CONFIRMED",
      reference: null,
      failureReason: null,
    };
    const before = (await d.wallet(alice.token, "ETH")).balance;
    const answers = await Promise.all(Array.from({ length: 20 }, () => d.notify(n)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const effects = answers.map((a) => a.json().effect);
    expect(effects.filter((e) => e === "CREDITED")).toHaveLength(1);
    expect(new Set(effects)).toEqual(new Set(["CREDITED", "ALREADY_CREDITED"]));
    // An earlier state arriving late, and the same output with another amount, change nothing.
    expect((await d.notify({ ...n, confirmations: 3, status: "PENDING" })).json().effect).toBe(
      "ALREADY_CREDITED",
    );
    expect((await d.notify({ ...n, amount: "50" })).json().effect).toBe("ALREADY_CREDITED");
    expect(before).toBe("0.000000000000000000");
    expect((await d.wallet(alice.token, "ETH")).balance).toBe("0.500000000000000000");
    const ops = await t.database.pool.query("select 1 from ledger_operations where idempotency_key = $1", [
      `chain:deposit:ethereum:${txHash}:0`,
    ]);
    expect(ops.rowCount).toBe(1);
    await d.expectInvariants();
  });

  it("credits a token to the token's wallet at the shared Ethereum address after 12 confirmations", async () => {
    const address = (await d.wallet(alice.token, "USDT")).address;
    const { txHash } = (await d.deposit(address.toLowerCase(), "USDT", "25")).json();
    await d.advance(txHash, 11);
    await d.runChainJobs();
    expect((await d.wallet(alice.token, "USDT")).balance).toBe("0.000000");
    await d.advance(txHash, 1);
    await d.runChainJobs();
    expect((await d.wallet(alice.token, "USDT")).balance).toBe("25.000000");
    expect((await d.wallet(alice.token, "ETH")).balance).toBe("0.500000000000000000");
  });

  it("refuses unsigned or forged notifications and ignores payments to addresses nobody here owns", async () => {
    const n: ChainNotification = {
      txHash: "cd".repeat(32),
      outputIndex: 0,
      chain: "bitcoin",
      currency: "BTC",
      direction: "IN",
      address: (await d.wallet(alice.token, "BTC")).address,
      fromAddress: null,
      amount: "1",
      networkFee: "0",
      confirmations: 6,
      requiredConfirmations: 2,
      status: "CONFIRMED",
      reference: null,
      failureReason: null,
    };
    const forged = await d.notify(n, "x".repeat(40));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: "NOTIFICATION_SIGNATURE_INVALID" });
    const stranger = await d.notify({ ...n, address: "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu" });
    expect(stranger.json().effect).toBe("IGNORED");
    expect((await d.deposit("bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv", "BTC", "1")).json()).toMatchObject({
      field: "address",
    });
    expect((await d.wallet(alice.token, "BTC")).balance).toBe("0.01000000");
  });
});
