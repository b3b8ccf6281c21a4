import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HDKey } from "@scure/bip32";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { hashPassword } from "../modules/auth/index.ts";
import { createMerchantsRepository } from "../modules/merchants/index.ts";
import { seedMerchants } from "../modules/merchants/merchants.seed.ts";
import { seedSandboxAdmin } from "../modules/operators/index.ts";
import { accountPath } from "../providers/chain/address-derivation.ts";
import { sandboxAccountKeys } from "../providers/chain/sandbox-account-keys.ts";
import { startServerProcess } from "../server-process.ts";
import { openDatabase } from "./database.ts";
import { prepareDatabase } from "./prepare.ts";
import { productionProblems } from "./production-checks.ts";
import type { Chain } from "./schema/chain.ts";
import { createEmptyTestDatabase } from "./test-database.ts";
import { clientSourceFromPool } from "./transaction.ts";

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), "../main.ts");
const PRODUCTION = {
  NODE_ENV: "production",
  JWT_SECRET: "p".repeat(40),
  CALLBACK_SECRET: "q".repeat(40),
  CARD_DATA_KEYS: `k1:${Buffer.alloc(32, 7).toString("base64")}`,
};
const productionConfig = (env: Record<string, string> = {}) =>
  loadConfig({ ...PRODUCTION, LOG_LEVEL: "silent", ...env });

/** A fresh database, prepared as a start in `mode` prepares it (the sandbox's also seeds its admin). */
async function startedDatabase(mode: "production" | "sandbox") {
  const fresh = await createEmptyTestDatabase();
  const db = openDatabase(fresh.url, { max: 2 });
  await prepareDatabase(db, undefined, { seed: mode === "sandbox" });
  if (mode === "sandbox") await seedSandboxAdmin(db.pool);
  return {
    ...fresh,
    pool: db.pool,
    drop: async () => {
      await db.close();
      await fresh.drop();
    },
  };
}

async function counts(pool: pg.Pool) {
  const { rows } = await pool.query<Record<string, number>>(
    `select (select count(*)::int from merchants) as merchants,
            (select count(*)::int from operators) as operators,
            (select count(*)::int from chain_account_keys) as keys`,
  );
  return rows[0];
}

/** `node main.ts` on `url` in production, to its exit: the code and what it wrote on stderr. */
function productionStartFails(url: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [MAIN, "--no-worker"], {
    env: { ...process.env, ...PRODUCTION, DATABASE_URL: url, PORT: "0", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  child.stdout.on("data", (chunk) => {
    if (String(chunk).includes("Kestrel is ready")) child.kill("SIGKILL");
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stderr })));
}

/** A merchant of the deployment's own (not one of the sandbox's), offering BTC, ETH and USDT. */
async function insertMerchant(pool: pg.Pool, slug: string) {
  const [demo] = seedMerchants();
  if (!demo) throw new Error("no seed merchant");
  const id = `0193a9e0-0000-7000-8000-${randomBytes(6).toString("hex")}`;
  await createMerchantsRepository({ db: clientSourceFromPool(pool) }).insertIfMissing({
    ...demo,
    id,
    slug,
    hosts: [`${slug}.example`],
    title: slug,
    currencies: ["BTC", "ETH", "USDT", "EUR"],
    clientId: `${slug}-web`,
  });
  return id;
}

async function setKey(pool: pg.Pool, merchantId: string, chain: Chain, xpub: string) {
  await pool.query(
    `insert into chain_account_keys (merchant_id, chain, extended_public_key, account_path)
     values ($1, $2, $3, $4)
     on conflict (merchant_id, chain) do update set extended_public_key = excluded.extended_public_key`,
    [merchantId, chain, xpub, accountPath(chain, 0)],
  );
}

describe("a production start", () => {
  it("on a fresh database seeds no merchant, operator or key, serves, and answers Unknown merchant", {
    timeout: 120_000,
  }, async () => {
    const db = await startedDatabase("production");
    try {
      const server = await startServerProcess(db.url, PRODUCTION);
      try {
        expect(await counts(db.pool)).toEqual({ merchants: 0, operators: 0, keys: 0 });
        const res = await fetch(`${server.url}/web/info?variant=merchantData`);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error: "MERCHANT_NOT_FOUND", message: "Unknown merchant." });
      } finally {
        await server.stop();
      }
      expect(await counts(db.pool)).toEqual({ merchants: 0, operators: 0, keys: 0 });
    } finally {
      await db.drop();
    }
  });

  it("on a database once started in sandbox mode stops with one line naming its merchants and admin", {
    timeout: 120_000,
  }, async () => {
    const db = await startedDatabase("sandbox");
    try {
      const { code, stderr } = await productionStartFails(db.url);
      expect(code).toBe(1);
      const lines = stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Kestrel failed to start: not safe for production: the sandbox's merchants \(demo, nimbus\) are in this database, their deposit keys the repository's public ones .*: run production on a database never started outside production; /,
      );
      expect(lines[0]).toContain(
        "operator admin@kestrel.sandbox is enabled with the sandbox admin's public password and TOTP secret (README): disable it (update operators set disabled_at = now() where email = 'admin@kestrel.sandbox')",
      );
    } finally {
      await db.drop();
    }
  });
});

describe("what a production start refuses", () => {
  it("a merchant's deposit keys of the sandbox seed (any account), or none for a chain on a node", {
    timeout: 60_000,
  }, async () => {
    const db = await startedDatabase("production");
    try {
      const nodes = {
        CHAIN_ETH: "evm",
        EVM_RPC_URL: "http://127.0.0.1:1",
        EVM_CHAIN_ID: "1",
        EVM_HOT_WALLET_KEY: `0x${"2".repeat(64)}`,
        CHAIN_BTC: "utxo",
        UTXO_BTC_RPC_URL: "http://u:p@127.0.0.1:1/wallet/hot",
      };
      const config = productionConfig(nodes);
      // No merchant yet (merchants come later): nothing to refuse.
      expect(await productionProblems(db.pool, config)).toEqual([]);
      const acme = await insertMerchant(db.pool, "acme");
      // Account 7 of the sandbox seed: not one the seed uses, public all the same.
      for (const k of sandboxAccountKeys(7).filter((k) => k.chain === "ethereum" || k.chain === "tron"))
        await setKey(db.pool, acme, k.chain, k.extendedPublicKey);
      const remedy =
        "store the account xpubs of its own wallet in chain_account_keys (docs/crypto-wallets.md)";
      expect(await productionProblems(db.pool, config)).toEqual([
        `merchant acme's deposit keys (ethereum, tron) are the sandbox's, whose private keys are public: ${remedy}`,
        `merchant acme has no bitcoin deposit key (CHAIN_BTC configured): ${remedy}`,
      ]);
      // Its own wallet's keys: nothing left to refuse.
      const own = HDKey.fromMasterSeed(randomBytes(32));
      for (const chain of ["bitcoin", "ethereum", "tron"] as const)
        await setKey(db.pool, acme, chain, own.derive(accountPath(chain, 0)).publicExtendedKey);
      expect(await productionProblems(db.pool, config)).toEqual([]);
      // USDT on the node too, and the sandbox merchants' account 0 on ethereum.
      const usdt = productionConfig({ ...nodes, CHAIN_USDT: "evm", EVM_TOKEN_USDT: `0x${"1".repeat(40)}` });
      const sandboxEth = sandboxAccountKeys(0).find((k) => k.chain === "ethereum")?.extendedPublicKey ?? "";
      await setKey(db.pool, acme, "ethereum", sandboxEth);
      expect(await productionProblems(db.pool, usdt)).toEqual([
        `merchant acme's deposit keys (ethereum) are the sandbox's, whose private keys are public: ${remedy}`,
      ]);
    } finally {
      await db.drop();
    }
  });

  it("an enabled operator with the sandbox admin's password or TOTP secret, whatever its email", {
    timeout: 60_000,
  }, async () => {
    const db = await startedDatabase("production");
    try {
      const config = productionConfig();
      await seedSandboxAdmin(db.pool);
      await db.pool.query("update operators set email = 'ops@bank.example'");
      const line = (known: string) =>
        `operator ops@bank.example is enabled with the sandbox admin's public ${known} (README): disable it (update operators set disabled_at = now() where email = 'ops@bank.example')`;
      expect(await productionProblems(db.pool, config)).toEqual([line("password and TOTP secret")]);
      await db.pool.query("update operators set totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'");
      expect(await productionProblems(db.pool, config)).toEqual([line("password")]);
      await db.pool.query("update operators set password_hash = $1, totp_secret = $2", [
        await hashPassword("an-own-password-7"),
        "KESTRELSANDBOXADMINTOTPSECRET234",
      ]);
      expect(await productionProblems(db.pool, config)).toEqual([line("TOTP secret")]);
      await db.pool.query("update operators set disabled_at = now()");
      expect(await productionProblems(db.pool, config)).toEqual([]);
      await db.pool.query(
        "update operators set disabled_at = null, totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'",
      );
      expect(await productionProblems(db.pool, config)).toEqual([]);
    } finally {
      await db.drop();
    }
  });
});
