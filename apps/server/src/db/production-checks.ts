import type pg from "pg";
import type { Config } from "../config.ts";
import { verifyPassword } from "../modules/auth/index.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../modules/merchants/index.ts";
import { SANDBOX_ADMIN } from "../modules/operators/index.ts";
import { networkOf } from "../providers/chain/chain-networks.ts";
import { nodeCurrencies } from "../providers/chain/chain-router.ts";
import { isSandboxAccountKey } from "../providers/chain/sandbox-account-keys.ts";

// What a production start refuses to serve with (issue 46). A production start seeds nothing,
// but a database once started outside production keeps the sandbox's seed: merchants whose
// deposit addresses derive from the public sandbox mnemonic, and the README's platform admin.
// A production database with no merchant at all is fine: requests answer "Unknown merchant.".

const SANDBOX_MERCHANTS = [DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID];
const KEYS_REMEDY =
  "store the account xpubs of its own wallet in chain_account_keys (docs/crypto-wallets.md)";

class ProductionStartError extends Error {}

/** Throws one line naming every problem (and its remedy) that makes this database unsafe to serve. */
export async function refuseUnsafeProduction(pool: pg.Pool, config: Config): Promise<void> {
  const problems = await productionProblems(pool, config);
  if (problems.length > 0) throw new ProductionStartError(`not safe for production: ${problems.join("; ")}`);
}

/** Each problem as a clause of the start's failure line; empty when the database may be served. */
export async function productionProblems(pool: pg.Pool, config: Config): Promise<string[]> {
  return [
    ...(await sandboxMerchants(pool)),
    ...(await unsafeDepositKeys(pool, config)),
    ...(await sandboxOperators(pool)),
  ];
}

async function sandboxMerchants(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ slug: string }>(
    "select slug from merchants where id = any($1::uuid[]) order by slug",
    [SANDBOX_MERCHANTS],
  );
  if (rows.length === 0) return [];
  return [
    `the sandbox's merchants (${rows.map((r) => r.slug).join(", ")}) are in this database, their deposit ` +
      "keys the repository's public ones (a start outside production seeded them): run production on a " +
      "database never started outside production",
  ];
}

/**
 * Every other merchant's deposit keys: none of the sandbox seed's, and one for each chain a
 * configured node carries a currency of theirs on (CHAIN_<CUR>=evm or utxo).
 */
async function unsafeDepositKeys(pool: pg.Pool, config: Config): Promise<string[]> {
  const { rows } = await pool.query<{ slug: string; currencies: string[]; keys: Record<string, string> }>(
    `select m.slug, m.currencies,
            coalesce(jsonb_object_agg(k.chain, k.extended_public_key) filter (where k.chain is not null), '{}') as keys
       from merchants m left join chain_account_keys k on k.merchant_id = m.id
      where m.id <> all($1::uuid[])
      group by m.id order by m.slug`,
    [SANDBOX_MERCHANTS],
  );
  const onNodes = nodeCurrencies(config);
  const problems: string[] = [];
  for (const m of rows) {
    const sandboxChains = Object.keys(m.keys)
      .sort()
      .filter((chain) => isSandboxAccountKey(m.keys[chain] ?? ""));
    if (sandboxChains.length > 0) {
      problems.push(
        `merchant ${m.slug}'s deposit keys (${sandboxChains.join(", ")}) are the sandbox's, whose private ` +
          `keys are public: ${KEYS_REMEDY}`,
      );
    }
    const missing = new Map<string, string[]>();
    for (const currency of m.currencies.filter((c) => onNodes.includes(c))) {
      const chain = networkOf(currency)?.chain;
      if (chain && !m.keys[chain]) missing.set(chain, [...(missing.get(chain) ?? []), currency]);
    }
    for (const [chain, currencies] of missing) {
      const configured = currencies.map((c) => `CHAIN_${c}`).join(", ");
      problems.push(
        `merchant ${m.slug} has no ${chain} deposit key (${configured} configured): ${KEYS_REMEDY}`,
      );
    }
  }
  return problems;
}

/**
 * Enabled operators holding the sandbox admin's known password or TOTP secret, whatever their
 * email now: either one published halves the sign-in. Operators are a handful of rows.
 */
async function sandboxOperators(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ email: string; passwordHash: string; totpSecret: string }>(
    `select email, password_hash as "passwordHash", totp_secret as "totpSecret"
       from operators where disabled_at is null order by email`,
  );
  const problems: string[] = [];
  for (const o of rows) {
    const known = [
      ...((await verifyPassword(o.passwordHash, SANDBOX_ADMIN.password)) ? ["password"] : []),
      ...(o.totpSecret === SANDBOX_ADMIN.totpSecret ? ["TOTP secret"] : []),
    ];
    if (known.length === 0) continue;
    problems.push(
      `operator ${o.email} is enabled with the sandbox admin's public ${known.join(" and ")} (README): ` +
        `disable it (update operators set disabled_at = now() where email = '${o.email.replaceAll("'", "''")}')`,
    );
  }
  return problems;
}
