import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("config", () => {
  it("has working defaults outside production, with sandbox mode on", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.sandbox).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });

  it("stops on a bad value, naming it in one line", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT: /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("refuses to start production with a default secret or sandbox providers", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/JWT_SECRET/);
    const base = { JWT_SECRET: "p".repeat(40), CALLBACK_SECRET: "q".repeat(40) };
    expect(() => loadConfig({ NODE_ENV: "production", ...base })).toThrow(/CARD_DATA_KEYS/);
    const secrets = { ...base, CARD_DATA_KEYS: `k1:${Buffer.alloc(32, 7).toString("base64")}` };
    expect(loadConfig({ NODE_ENV: "production", ...secrets }).sandbox).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "production", SANDBOX: "true", ...secrets })).toThrow(/SANDBOX/);
  });

  it("keeps files on the local disk by default, in an S3-compatible bucket with BLOB_STORE=s3", () => {
    expect(loadConfig({}).blobs).toEqual({ kind: "filesystem" });
    expect(
      loadConfig({
        BLOB_STORE: "s3",
        S3_BUCKET: "docs",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
        S3_PREFIX: "kestrel/prod",
      }).blobs,
    ).toEqual({
      kind: "s3",
      bucket: "docs",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      forcePathStyle: true,
      prefix: "kestrel/prod",
    });
    // The SDK's default credentials (an instance role) when no key is given.
    expect(loadConfig({ BLOB_STORE: "s3", S3_BUCKET: "docs" }).blobs).toMatchObject({
      credentials: undefined,
    });
    expect(() => loadConfig({ BLOB_STORE: "s3" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ BLOB_STORE: "s3", S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "id" })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ BLOB_STORE: "s3", S3_BUCKET: "docs", S3_PREFIX: "../x" })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ BLOB_STORE: "gcs" })).toThrow(/BLOB_STORE/);
  });

  it("keeps refresh tokens and their cookie 999 days by default (spec §9), configurable per deployment", () => {
    expect(loadConfig({}).refreshTokenTtlDays).toBe(999);
    expect(loadConfig({ REFRESH_TOKEN_TTL_DAYS: "30" }).refreshTokenTtlDays).toBe(30);
    expect(() => loadConfig({ REFRESH_TOKEN_TTL_DAYS: "0" })).toThrow(/REFRESH_TOKEN_TTL_DAYS/);
  });

  it("takes an explorer page per network as a template with {txHash}, and refuses one without", () => {
    const template = "https://etherscan.io/tx/{txHash}";
    expect(loadConfig({ EXPLORER_ERC20_TX_URL: template }).explorerTxUrls).toMatchObject({ ERC20: template });
    expect(() => loadConfig({ EXPLORER_ERC20_TX_URL: "https://etherscan.io/tx/" })).toThrow(
      /^Invalid configuration: EXPLORER_ERC20_TX_URL: must contain \{txHash\}/,
    );
    expect(() => loadConfig({ EXPLORER_BTC_TX_URL: "javascript:alert(1)//{txHash}" })).toThrow(
      /EXPLORER_BTC_TX_URL/,
    );
  });

  it("puts DOGE on a Bitcoin-family node with CHAIN_DOGE=utxo, and asks its RPC URL", () => {
    const rpc = "http://u:p@127.0.0.1:22555/wallet/hot";
    const doge = "https://dogechain.info/tx/{txHash}";
    const config = loadConfig({ CHAIN_DOGE: "utxo", UTXO_DOGE_RPC_URL: rpc, EXPLORER_DOGE_TX_URL: doge });
    expect(config.utxo).toEqual([
      { currency: "DOGE", chain: "dogecoin", rpcUrl: rpc, confirmations: 6, feeRate: 1000 },
    ]);
    expect(config.explorerTxUrls).toMatchObject({ DOGE: doge });
    expect(() => loadConfig({ CHAIN_DOGE: "utxo" })).toThrow(
      /UTXO_DOGE_RPC_URL: required when CHAIN_DOGE is utxo/,
    );
  });

  it("refuses an EVM network with no hot wallet key to sign its withdrawals", () => {
    const evm = { EVM_RPC_URL: "http://127.0.0.1:8545", EVM_CHAIN_ID: "1" };
    for (const chain of ["CHAIN_ETH", "CHAIN_USDT", "CHAIN_USDC", "CHAIN_DAI"]) {
      const token = chain === "CHAIN_ETH" ? {} : { [`EVM_TOKEN_${chain.slice(6)}`]: `0x${"1".repeat(40)}` };
      expect(() => loadConfig({ [chain]: "evm", ...evm, ...token })).toThrow(
        /^Invalid configuration: EVM_HOT_WALLET_KEY: required when a CHAIN_ is evm/,
      );
    }
    const key = `0x${"2".repeat(64)}`;
    expect(loadConfig({ CHAIN_ETH: "evm", ...evm, EVM_HOT_WALLET_KEY: key }).evm?.hotWalletKey).toBe(key);
  });

  it("refuses a Bitcoin-family node URL that names no wallet to sign withdrawals", () => {
    for (const url of [
      "http://u:p@127.0.0.1:8332",
      "http://u:p@127.0.0.1:8332/",
      "http://u:p@127.0.0.1:8332/wallet/",
    ]) {
      expect(() => loadConfig({ CHAIN_BTC: "utxo", UTXO_BTC_RPC_URL: url })).toThrow(
        /^Invalid configuration: UTXO_BTC_RPC_URL: must name the node's wallet/,
      );
    }
    expect(
      loadConfig({ CHAIN_BTC: "utxo", UTXO_BTC_RPC_URL: "http://u:p@127.0.0.1:8332/wallet/hot" }).utxo,
    ).toHaveLength(1);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });
});
