import path from "node:path";
import { z } from "zod";

// Development defaults for secrets: fine on a laptop, refused in production (see refineProduction).
const DEV_SECRETS = {
  JWT_SECRET: "dev-only-jwt-secret-change-me-0123456789",
  CALLBACK_SECRET: "dev-only-callback-secret-change-me-0123",
  // 32 bytes, base64: the development card data key (docs/cards.md "Keys").
  CARD_DATA_KEYS: "dev1:ZGV2LW9ubHktY2FyZC1kYXRhLWtleS0wMTIzNDU2Nzg=",
} as const;

/** `id:base64key` pairs, comma-separated; the first encrypts, every one decrypts (rotation). */
const cardDataKeys = z.string().transform((v, ctx) => {
  const keys = v.split(",").map((pair) => {
    const [id, key] = pair.trim().split(":");
    const bytes = Buffer.from(key ?? "", "base64");
    if (!id || !/^[A-Za-z0-9_-]{1,32}$/.test(id) || bytes.length !== 32) {
      ctx.addIssue({ code: "custom", message: "must be id:base64 pairs of 32-byte keys" });
    }
    return { id: id ?? "", key: bytes };
  });
  return keys;
});

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");

/** A chain transaction's page on an explorer: {txHash} is replaced by the transaction's hash. */
const explorerTxUrl = z
  .url({ protocol: /^https?$/ })
  .refine((v) => v.includes("{txHash}"), "must contain {txHash}, where the transaction's hash goes");

const booleanString = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default(".data"),
    SANDBOX: booleanString.optional(),
    JWT_SECRET: z.string().min(32).default(DEV_SECRETS.JWT_SECRET),
    CALLBACK_SECRET: z.string().min(32).default(DEV_SECRETS.CALLBACK_SECRET),
    PUBLIC_BASE_URL: z.url().optional(),
    TRUSTED_PROXIES: z.string().default(""),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    WORKER: booleanString.default(true),
    IP_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(10_000).default(1),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86400).default(900),
    // Spec §9: the refresh token's cookie lives 999 days. Every use rotates the token, so this is
    // how long a device may stay idle and still be signed in.
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(999).default(999),
    KYC_REVIEW_DELAY_SECONDS: z.coerce.number().int().min(0).max(86400).default(20),
    KYC_WIDGET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
    CHAIN_CONFIRMATION_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    BLOB_STORE: z.enum(["filesystem", "s3"]).default("filesystem"),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString.default(false),
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, "letters, digits, _ and - in parts joined by /")
      .optional(),
    // The support chat vendor's widget page for a merchant's chat key: "{key}" names the key.
    SUPPORT_CHAT_WIDGET_URL: z
      .url({ protocol: /^https$/ })
      .refine((u) => u.includes("{key}"), "must contain {key}")
      .optional(),
    CARD_DATA_KEYS: z.string().default(DEV_SECRETS.CARD_DATA_KEYS).pipe(cardDataKeys),
    CARD_ISSUE_SECONDS: z.coerce.number().int().min(0).max(86400).default(15),
    CARD_SHIPPING_STEP_SECONDS: z.coerce.number().int().min(0).max(864000).default(3600),
    BANK_EXECUTION_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10),
    // Email through SMTP (docs/chains.md "Email"): smtp:// or smtps:// with credentials in the URL.
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    SMTP_FROM: z.email().optional(),
    // An EVM network for ETH and ERC-20 tokens, chosen per currency (docs/chains.md "EVM").
    CHAIN_ETH: z.enum(["sandbox", "evm"]).default("sandbox"),
    CHAIN_USDT: z.enum(["sandbox", "evm"]).default("sandbox"),
    CHAIN_USDC: z.enum(["sandbox", "evm"]).default("sandbox"),
    CHAIN_DAI: z.enum(["sandbox", "evm"]).default("sandbox"),
    EVM_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
    EVM_CHAIN_ID: z.coerce.number().int().min(1).optional(),
    EVM_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
    EVM_TOKEN_USDT: evmAddress.optional(),
    EVM_TOKEN_USDC: evmAddress.optional(),
    EVM_TOKEN_DAI: evmAddress.optional(),
    EVM_HOT_WALLET_KEY: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key")
      .optional(),
    EVM_START_BLOCK: z.coerce.number().int().min(0).optional(),
    EVM_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    // Bitcoin-family currencies on a Bitcoin Core JSON-RPC node (docs/chains.md "Bitcoin family").
    CHAIN_BTC: z.enum(["sandbox", "utxo"]).default("sandbox"),
    CHAIN_LTC: z.enum(["sandbox", "utxo"]).default("sandbox"),
    CHAIN_DOGE: z.enum(["sandbox", "utxo"]).default("sandbox"),
    UTXO_BTC_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
    UTXO_LTC_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
    UTXO_DOGE_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
    UTXO_BTC_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(3),
    UTXO_LTC_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(6),
    UTXO_DOGE_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(6),
    UTXO_BTC_FEE_RATE: z.coerce.number().min(1).max(10_000).default(10),
    UTXO_LTC_FEE_RATE: z.coerce.number().min(1).max(10_000).default(10),
    // Dogecoin Core's recommended 0.01 DOGE per kB is 1000 koinu per byte.
    UTXO_DOGE_FEE_RATE: z.coerce.number().min(1).max(10_000).default(1000),
    // Explorer pages per network, linked beside a transaction's hash in the history (docs/chains.md).
    EXPLORER_BTC_TX_URL: explorerTxUrl.optional(),
    EXPLORER_DOGE_TX_URL: explorerTxUrl.optional(),
    EXPLORER_ERC20_TX_URL: explorerTxUrl.optional(),
    EXPLORER_LTC_TX_URL: explorerTxUrl.optional(),
    EXPLORER_TRC20_TX_URL: explorerTxUrl.optional(),
    SEND_CONFIRMATION_THRESHOLD: z
      .string()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, "must be a decimal amount")
      .default("1000"),
    // The clean stop (docs/operations.md "Stopping") and the metrics' own port (unset: off).
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.BLOB_STORE === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "required when BLOB_STORE is s3" });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    }
    const evmCurrencies = EVM_CURRENCIES.filter((c) => env[`CHAIN_${c}`] === "evm");
    if (evmCurrencies.length > 0) {
      for (const name of ["EVM_RPC_URL", "EVM_CHAIN_ID"] as const) {
        if (env[name] === undefined)
          ctx.addIssue({ code: "custom", path: [name], message: "required when a CHAIN_ is evm" });
      }
    }
    // A send is accepted and its amount reserved before the broadcast job signs it: a network
    // configured with nothing to sign would take customers' money and never send it.
    if (evmCurrencies.length > 0 && !env.EVM_HOT_WALLET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["EVM_HOT_WALLET_KEY"],
        message: "required when a CHAIN_ is evm (it signs the withdrawals)",
      });
    }
    for (const c of evmCurrencies) {
      if (c !== "ETH" && !env[`EVM_TOKEN_${c}`]) {
        ctx.addIssue({
          code: "custom",
          path: [`EVM_TOKEN_${c}`],
          message: `required when CHAIN_${c} is evm`,
        });
      }
    }
    for (const c of UTXO_CURRENCIES) {
      if (env[`CHAIN_${c}`] !== "utxo") continue;
      const url = env[`UTXO_${c}_RPC_URL`];
      if (!url) {
        ctx.addIssue({
          code: "custom",
          path: [`UTXO_${c}_RPC_URL`],
          message: `required when CHAIN_${c} is utxo`,
        });
      } else if (!/^\/wallet\/[^/]+\/?$/.test(new URL(url).pathname)) {
        // Withdrawals are signed by the node's wallet (sendtoaddress): a URL that names none leaves
        // the node to pick, or to refuse in the broadcast job, after the send was accepted.
        ctx.addIssue({
          code: "custom",
          path: [`UTXO_${c}_RPC_URL`],
          message: "must name the node's wallet that signs withdrawals (…/wallet/<name>)",
        });
      }
    }
    if (env.NODE_ENV !== "production") return;
    for (const [name, value] of Object.entries(DEV_SECRETS)) {
      if (env[name as keyof typeof DEV_SECRETS] === value) {
        ctx.addIssue({ code: "custom", path: [name], message: "must be set in production (default secret)" });
      }
    }
    const devCardKey = Buffer.from(DEV_SECRETS.CARD_DATA_KEYS.split(":")[1] ?? "", "base64");
    if (env.CARD_DATA_KEYS.some((k) => k.key.equals(devCardKey))) {
      ctx.addIssue({
        code: "custom",
        path: ["CARD_DATA_KEYS"],
        message: "must be set in production (default key)",
      });
    }
    if (env.SANDBOX === true) {
      ctx.addIssue({
        code: "custom",
        path: ["SANDBOX"],
        message: "sandbox providers are not allowed in production",
      });
    }
  });

export type Config = {
  env: "development" | "test" | "production";
  port: number;
  host: string;
  /** Unset: the server starts embedded PostgreSQL under dataDir/postgres. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Outside parties are the sandbox providers; on by default outside production. */
  sandbox: boolean;
  secrets: { jwt: string; callback: string };
  publicBaseUrl: string;
  /** Addresses or CIDRs whose X-Forwarded-For is believed (Fastify trustProxy). */
  trustedProxies: string[];
  logLevel: string;
  runWorker: boolean;
  /** Scales the per-IP abuse limits (1 in production; the browser suite signs up many customers). */
  ipLimitMultiplier: number;
  /** Access token (JWT) lifetime; short in e2e tests to prove refresh works. */
  accessTokenTtlSeconds: number;
  /** Lifetime of a refresh token and of its cookie alike: a cookie outliving its token is useless. */
  refreshTokenTtlDays: number;
  /** How long the sandbox KYC reviewer takes to decide a submitted applicant. */
  kycReviewDelaySeconds: number;
  /** Lifetime of the verification widget's token (POST /v5/kyc/start). */
  kycWidgetTokenTtlSeconds: number;
  /** The sandbox chain's clock: seconds per confirmation (0: confirmed at the first tick). */
  chainConfirmationSeconds: number;
  /** The sandbox bank rail's clock: seconds until an outgoing SEPA transfer is executed or returned. */
  bankExecutionSeconds: number;
  /** Sends worth more than this, in the merchant's fiat currency, need an SMS code. */
  sendConfirmationThreshold: string;
  /**
   * Where uploaded files (identity documents) live: the filesystem under dataDir/blobs (one
   * machine, the default), or an S3-compatible bucket that every instance shares.
   */
  blobs: BlobStoreConfig;
  /** Keys for card data at rest (AES-256-GCM): the first encrypts, all decrypt. */
  cardDataKeys: { id: string; key: Buffer }[];
  /** The sandbox issuer's clock: seconds to issue a paid card, and per plastic shipping step. */
  cardIssueSeconds: number;
  cardShippingStepSeconds: number;
  /**
   * The support chat widget's page for a chat key ("{key}" is replaced): the vendor's in
   * production (SUPPORT_CHAT_WIDGET_URL), the sandbox chat in sandbox mode, else none (the web
   * then offers the merchant's support address or page). docs/support.md.
   */
  supportChatWidgetUrl: string | undefined;
  /** Email over SMTP; unset: the sandbox outbox only (sandbox mode) or no email (503). */
  smtp: { url: string; from: string } | undefined;
  /** The EVM network and the currencies that travel on it; unset: every one is the sandbox chain's. */
  evm: EvmConfig | undefined;
  /** Bitcoin-family currencies on their nodes; empty: the sandbox chain's. */
  utxo: UtxoNetworkConfig[];
  /** Explorer page templates per network (`{txHash}` in each); unset: no link. */
  explorerTxUrls: Partial<Record<string, string>>;
  /** On SIGTERM: seconds /readyz answers 503 while serving, then the limit for requests in flight. */
  shutdown: { drainSeconds: number; timeoutSeconds: number };
  /** Prometheus metrics on their own port (docs/operations.md "Metrics"); unset: off. */
  metricsPort: number | undefined;
};

/** A Bitcoin-family currency on its node: Bitcoin Core's JSON-RPC (wallet in the URL's path). */
export type UtxoNetworkConfig = {
  currency: (typeof UTXO_CURRENCIES)[number];
  chain: "bitcoin" | "dogecoin" | "litecoin";
  /** http://user:password@host:port/wallet/<name> */
  rpcUrl: string;
  confirmations: number;
  /** Withdrawals' fee rate, satoshi per virtual byte. */
  feeRate: number;
};

/** Currencies an EVM network can carry here: ETH natively, the others as ERC-20 tokens. */
const EVM_CURRENCIES = ["ETH", "USDT", "USDC", "DAI"] as const;
/** Bitcoin-family currencies a node can carry (CHAIN_<CUR>=utxo), and their chains. */
const UTXO_CURRENCIES = ["BTC", "LTC", "DOGE"] as const;
const UTXO_CHAINS = { BTC: "bitcoin", LTC: "litecoin", DOGE: "dogecoin" } as const;
export type EvmCurrency = (typeof EVM_CURRENCIES)[number];

export type EvmConfig = {
  rpcUrl: string;
  chainId: number;
  /** M: a deposit is credited at M confirmations; it must exceed the deepest reorganisation expected. */
  confirmations: number;
  currencies: EvmCurrency[];
  /** ERC-20 contract address per token currency on this network. */
  tokens: Partial<Record<EvmCurrency, `0x${string}`>>;
  /** The hot wallet's private key (a key service's seam in production: docs/chains.md). */
  hotWalletKey: `0x${string}` | undefined;
  /** Where a follower with no stored height starts; unset: the head it first sees. */
  startBlock: number | undefined;
  pollSeconds: number;
};

type BlobStoreConfig =
  | { kind: "filesystem" }
  | {
      kind: "s3";
      bucket: string;
      /** Unset: AWS's own endpoint for the region; set for another S3-compatible service. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the AWS SDK's default credential chain (instance role, environment, profile). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** Prepended to every key (one bucket shared by several deployments). */
      prefix: string | undefined;
    };

export class ConfigError extends Error {}

/** Parses the environment once at start; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? "invalid"}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  const sandbox = e.SANDBOX ?? e.NODE_ENV !== "production";
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    sandbox,
    secrets: { jwt: e.JWT_SECRET, callback: e.CALLBACK_SECRET },
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://localhost:${port}`,
    trustedProxies: e.TRUSTED_PROXIES.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    runWorker: e.WORKER,
    ipLimitMultiplier: e.IP_LIMIT_MULTIPLIER,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    kycReviewDelaySeconds: e.KYC_REVIEW_DELAY_SECONDS,
    kycWidgetTokenTtlSeconds: e.KYC_WIDGET_TOKEN_TTL_SECONDS,
    chainConfirmationSeconds: e.CHAIN_CONFIRMATION_SECONDS,
    bankExecutionSeconds: e.BANK_EXECUTION_SECONDS,
    sendConfirmationThreshold: e.SEND_CONFIRMATION_THRESHOLD,
    blobs:
      e.BLOB_STORE === "s3"
        ? {
            kind: "s3",
            bucket: e.S3_BUCKET as string,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX,
          }
        : { kind: "filesystem" },
    cardDataKeys: e.CARD_DATA_KEYS,
    cardIssueSeconds: e.CARD_ISSUE_SECONDS,
    cardShippingStepSeconds: e.CARD_SHIPPING_STEP_SECONDS,
    supportChatWidgetUrl:
      e.SUPPORT_CHAT_WIDGET_URL ?? (sandbox ? "/sandbox/support-chat?key={key}" : undefined),
    evm: evmConfig(e),
    utxo: UTXO_CURRENCIES.flatMap((currency) => {
      const rpcUrl = e[`UTXO_${currency}_RPC_URL`];
      if (e[`CHAIN_${currency}`] !== "utxo" || !rpcUrl) return [];
      return [
        {
          currency,
          chain: UTXO_CHAINS[currency],
          rpcUrl,
          confirmations: e[`UTXO_${currency}_CONFIRMATIONS`],
          feeRate: e[`UTXO_${currency}_FEE_RATE`],
        },
      ];
    }),
    explorerTxUrls: {
      BTC: e.EXPLORER_BTC_TX_URL,
      DOGE: e.EXPLORER_DOGE_TX_URL,
      ERC20: e.EXPLORER_ERC20_TX_URL,
      LTC: e.EXPLORER_LTC_TX_URL,
      TRC20: e.EXPLORER_TRC20_TX_URL,
    },
    shutdown: { drainSeconds: e.SHUTDOWN_DRAIN_SECONDS, timeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS },
    metricsPort: e.METRICS_PORT,
    smtp: e.SMTP_URL
      ? {
          url: e.SMTP_URL,
          from: e.SMTP_FROM ?? `no-reply@${new URL(e.PUBLIC_BASE_URL ?? "http://localhost").hostname}`,
        }
      : undefined,
  };
}

function evmConfig(e: z.infer<typeof envSchema>): EvmConfig | undefined {
  const currencies = EVM_CURRENCIES.filter((c) => e[`CHAIN_${c}`] === "evm");
  if (currencies.length === 0 || !e.EVM_RPC_URL || !e.EVM_CHAIN_ID) return undefined;
  const tokens: EvmConfig["tokens"] = {};
  for (const currency of EVM_CURRENCIES) {
    const address = currency === "ETH" ? undefined : e[`EVM_TOKEN_${currency}`];
    if (address) tokens[currency] = address as `0x${string}`;
  }
  return {
    rpcUrl: e.EVM_RPC_URL,
    chainId: e.EVM_CHAIN_ID,
    confirmations: e.EVM_CONFIRMATIONS,
    currencies,
    tokens,
    hotWalletKey: e.EVM_HOT_WALLET_KEY as `0x${string}` | undefined,
    startBlock: e.EVM_START_BLOCK,
    pollSeconds: e.EVM_POLL_SECONDS,
  };
}

// An empty variable (FOO= in a shell) means "not set", not "set to nothing".
function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== "") out[k] = v;
  return out;
}
