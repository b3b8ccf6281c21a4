import { type CurrencyCode, isCurrencyCode, parseAmount, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import type { KycStatus, OperationType } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { AMOUNT_REASON_TEXT } from "../../http/amount-input.ts";
import { commonErrors } from "../../http/app-error.ts";
import type { CatalogService } from "../catalog/index.ts";
import type { MerchantsService } from "../merchants/index.ts";
import { kycErrors } from "./kyc.errors.ts";
import {
  type KycLimitsRepository,
  type LimitRow,
  levelLimitsSql,
  type OwnLimit,
  recordUsageSql,
  releaseUsageSql,
  replaceLevelLimitsSql,
} from "./kyc-limits.repository.ts";
import { LIMITED_OPERATIONS } from "./kyc-limits.seed.ts";
import { LEVEL_ORDER, type Level, levelRank } from "./kyc-state.ts";
import type { KycStateKeeper } from "./kyc-state-keeper.ts";
import { checkLimit, type LimitReason, remainingOf } from "./limit-check.ts";

export type LimitQuery = {
  merchantId: string;
  customerId: string;
  operationType: OperationType;
  /** The operation's amount in minor units of the merchant's fiat currency. */
  amountInFiatMinor: bigint;
};

export type KycState = { level: Level; status: KycStatus };

/** Limits an operator types (decimals in the merchant's fiat currency), one row per operation. */
export type OwnLimitInput = { operationType: string; perTransaction: string; daily: string; monthly: string };

/**
 * The limit of one operation at `level`: a KYC_2 customer's own limit (set by compliance on a
 * limit increase) if they have one, else the level's row.
 */
function limitOf(levelRows: LimitRow[], own: OwnLimit[], level: Level, operationType: string) {
  const mine = level === "KYC_2" ? own.find((l) => l.operationType === operationType) : undefined;
  return mine ?? levelRows.find((l) => l.kycLevel === level && l.operationType === operationType);
}

const MESSAGES: Record<LimitReason, (limit: string, remaining: string) => string> = {
  KYC_REQUIRED: () =>
    "Your verification level does not allow this yet. Please increase your verification level.",
  PER_TRANSACTION_LIMIT: (limit) => `This amount is above your limit of ${limit} per transaction.`,
  DAILY_LIMIT: (_l, remaining) => `This amount is above your 24-hour limit. You can still use ${remaining}.`,
  MONTHLY_LIMIT: (_l, remaining) => `This amount is above your 30-day limit. You can still use ${remaining}.`,
};

const refuse = (field: string, why: string) =>
  commonErrors.create("NOT_VALID_REQUEST_DATA", { field, message: `${field}: ${why}` });

/**
 * One row of limits typed by an operator, in minor units: an operation with limits, each amount
 * zero or more in the merchant's currency (at most its decimals), per transaction <= 24 hours <=
 * 30 days; else 400 naming the field (`limits.<i>.<bound>`).
 */
function parseLimitRow(currency: CurrencyCode, row: OwnLimitInput, i: number): OwnLimit {
  const field = (name: string) => `limits.${i}.${name}`;
  if (!LIMITED_OPERATIONS.includes(row.operationType as OperationType))
    throw refuse(field("operationType"), "is not an operation with limits");
  const minor = (name: "perTransaction" | "daily" | "monthly") => {
    const parsed = parseAmount(row[name], currency, { allowZero: true });
    if (!parsed.ok) throw refuse(field(name), AMOUNT_REASON_TEXT[parsed.reason] ?? "is not an amount");
    return parsed.minor;
  };
  const limit = {
    operationType: row.operationType,
    perTransaction: minor("perTransaction"),
    daily: minor("daily"),
    monthly: minor("monthly"),
  };
  if (limit.perTransaction > limit.daily)
    throw refuse(field("perTransaction"), "must not be more than the 24-hour limit");
  if (limit.daily > limit.monthly) throw refuse(field("daily"), "must not be more than the 30-day limit");
  return limit;
}

/**
 * Limits per KYC level and operation, and the one enforcement function money features call
 * (docs/kyc.md): `assertAllowed` checks the operations catalog (switch and KYC levels) and the
 * remaining limits; `prepare(...).consume(tx, reference)` does the same and records the usage in the
 * operation's transaction; `release` gives
 * it back when the operation is voided.
 */
export function createKycLimits(deps: {
  repository: KycLimitsRepository;
  state: Pick<KycStateKeeper, "read">;
  catalog: Pick<CatalogService, "operationRule" | "listOperations">;
  merchants: Pick<MerchantsService, "merchantById">;
  now?: () => Date;
}) {
  const { repository, state, catalog } = deps;
  const now = deps.now ?? (() => new Date());

  async function currencyOf(merchantId: string): Promise<CurrencyCode> {
    const { fiatCurrency } = await deps.merchants.merchantById(merchantId, "merchantId");
    if (!isCurrencyCode(fiatCurrency)) throw new Error(`merchant ${merchantId} has an unknown fiat currency`);
    return fiatCurrency;
  }

  /**
   * Everything the limits of `q` depend on but the customer's KYC state, read now (the catalog's
   * rule, the merchant's limits and currency); `judge(kyc)` then decides for a state without
   * another read: catalog first (its refusal says why: maintenance, disabled, KYC), then the
   * level's limit. `refusal(used)` names the bound a usage breaks.
   */
  async function rulesFor(q: LimitQuery, ownLimits?: Promise<OwnLimit[]>) {
    if (typeof q.amountInFiatMinor !== "bigint" || q.amountInFiatMinor <= 0n) {
      throw new RangeError("amountInFiatMinor must be a positive bigint");
    }
    const [rule, limits, own, currency] = await Promise.all([
      catalog.operationRule(q.merchantId, q.operationType),
      repository.cachedLimits(q.merchantId),
      ownLimits ?? repository.ownLimits(q.merchantId, q.customerId),
      currencyOf(q.merchantId),
    ]);
    const show = (minor: bigint) => `${toDecimalString(minor, currency)} ${currency}`;
    const judge = (kyc: KycState) => {
      const { level, status } = kyc;
      rule(level, status);
      const limit = limitOf(limits, own, level, q.operationType);
      const nextLevel = LEVEL_ORDER.find(
        (l) =>
          levelRank(l) > levelRank(level) &&
          limits.some(
            (r) =>
              r.kycLevel === l &&
              r.operationType === q.operationType &&
              r.perTransaction >= q.amountInFiatMinor,
          ),
      );
      const refusal = (used: { daily: bigint; monthly: bigint }) => {
        const verdict = checkLimit(limit, used, q.amountInFiatMinor);
        if (verdict.ok) return undefined;
        return kycErrors.create("LIMIT_EXCEEDED", {
          message: MESSAGES[verdict.reason](show(verdict.limit), show(verdict.remaining)),
          data: {
            reason: verdict.reason,
            operationType: q.operationType,
            kycLevel: level,
            currency,
            limit: toDecimalString(verdict.limit, currency),
            remaining: toDecimalString(verdict.remaining, currency),
            ...(nextLevel ? { nextLevel } : {}),
          },
        });
      };
      return { refusal, limit };
    };
    return { currency, judge };
  }

  /** The customer's KYC state now, worked out from their applications. */
  async function freshState(merchantId: string, customerId: string): Promise<KycState> {
    const { level, status } = await state.read(merchantId, customerId);
    return { level, status };
  }

  /**
   * The limits of `q`, ready to be consumed in a money operation's transaction. Everything is read
   * here, before it (a transaction never waits for another connection of the pool): the rules,
   * and the customer's KYC row, made from their profile for one who never started verification.
   * `consume(tx, reference)` then locks that row in `tx` until it ends (two operations of one
   * customer take turns at their limits, and a review changing the state waits for them), judges
   * the stored state, and records the usage under `reference`, or refuses naming the bound. A
   * reference recorded before is 'repeated' and changes nothing. It rolls back with the operation.
   */
  async function prepare(q: LimitQuery) {
    const facts = repository.customerLimitFacts(q.merchantId, q.customerId);
    const [rules, { hasState }] = await Promise.all([
      rulesFor(
        q,
        facts.then((f) => f.own),
      ),
      facts,
    ]);
    if (!hasState) await ensureState(q.merchantId, q.customerId);
    return {
      async consume(tx: Tx, reference: string): Promise<"recorded" | "repeated"> {
        const result = await recordUsageSql(tx, {
          id: uuidv7(),
          merchantId: q.merchantId,
          customerId: q.customerId,
          operationType: q.operationType,
          amount: q.amountInFiatMinor,
          currency: rules.currency,
          reference,
          now: now(),
        });
        if (!result) throw new Error("the customer's KYC row vanished");
        // Judged on the locked row; a refusal rolls the usage back with the whole transaction.
        const { refusal } = rules.judge(result.state);
        const early = refusal({ daily: 0n, monthly: 0n });
        if (early) throw early;
        if (result.outcome === "repeated") return "repeated";
        const refused = refusal(result.usedBefore);
        if (refused) throw refused;
        return "recorded";
      },
    };
  }

  /** A KYC row for a customer who has none (the lock a usage takes), made from their profile. */
  async function ensureState(merchantId: string, customerId: string): Promise<void> {
    await repository.insertStateIfMissing(merchantId, customerId, await freshState(merchantId, customerId));
  }

  /**
   * A KYC_2 customer's limits now, per limited operation (their own where set, else the level's),
   * as decimals: what an operator deciding their limit-increase request starts from.
   */
  async function currentLimits(merchantId: string, customerId: string) {
    const [currency, rows, own] = await Promise.all([
      currencyOf(merchantId),
      repository.listLimits(merchantId),
      repository.ownLimits(merchantId, customerId),
    ]);
    const dec = (minor: bigint) => toDecimalString(minor, currency);
    const operations = LIMITED_OPERATIONS.flatMap((operationType) => {
      const l = limitOf(rows, own, "KYC_2", operationType);
      return l
        ? [
            {
              operationType,
              perTransaction: dec(l.perTransaction),
              daily: dec(l.daily),
              monthly: dec(l.monthly),
            },
          ]
        : [];
    });
    return { currency, operations };
  }

  /**
   * Limits typed by an operator, in minor units: each amount zero or more in the merchant's
   * currency, per transaction <= 24 hours <= 30 days, each operation once; else 400 naming the
   * field (`limits.<i>.<bound>`).
   */
  async function parseOwnLimits(merchantId: string, input: OwnLimitInput[]): Promise<OwnLimit[]> {
    const currency = await currencyOf(merchantId);
    const seen = new Set<string>();
    return input.map((row, i) => {
      if (seen.has(row.operationType)) throw refuse(`limits.${i}.operationType`, "is named twice");
      seen.add(row.operationType);
      return parseLimitRow(currency, row, i);
    });
  }

  /**
   * A level's limits as the back-office types them (merchant-config's "limits" section): each row
   * as `parseOwnLimits` checks it, each level and operation once; else 400 naming the field.
   */
  async function parseLevelLimits(
    merchantId: string,
    input: (OwnLimitInput & { kycLevel: string })[],
  ): Promise<(OwnLimit & { kycLevel: string })[]> {
    const currency = await currencyOf(merchantId);
    const seen = new Set<string>();
    return input.map((row, i) => {
      const key = `${row.kycLevel}:${row.operationType}`;
      if (seen.has(key)) throw refuse(`limits.${i}.operationType`, `is named twice for ${row.kycLevel}`);
      seen.add(key);
      return { kycLevel: row.kycLevel, ...parseLimitRow(currency, row, i) };
    });
  }

  return {
    currentLimits,
    parseOwnLimits,
    parseLevelLimits,

    /** The level limits in decimals of the merchant's currency, read in `tx` (merchant-config). */
    async levelLimitsIn(tx: Tx, merchantId: string) {
      const [currency, rows] = await Promise.all([currencyOf(merchantId), levelLimitsSql(tx, merchantId)]);
      const dec = (minor: bigint) => toDecimalString(minor, currency);
      return {
        currency,
        limits: rows
          .map((r) => ({
            kycLevel: r.kycLevel,
            operationType: r.operationType,
            perTransaction: dec(r.perTransaction),
            daily: dec(r.daily),
            monthly: dec(r.monthly),
          }))
          // Code-point order (not the database's collation): merchant-config compares lists.
          .sort((x, y) => (`${x.kycLevel} ${x.operationType}` < `${y.kycLevel} ${y.operationType}` ? -1 : 1)),
      };
    },
    /** The level limits become exactly these (parsed) rows in `tx`; the caller announces it. */
    replaceLevelLimits: (tx: Tx, merchantId: string, rows: (OwnLimit & { kycLevel: string })[]) =>
      replaceLevelLimitsSql(tx, merchantId, rows),
    /** Drops this instance's cached limits of the merchant (merchant-config's notice). */
    forgetLimits: repository.forgetMerchant,
    forgetAllLimits: repository.forgetAll,

    async assertAllowed(q: LimitQuery): Promise<void> {
      const [rules, kyc] = await Promise.all([rulesFor(q), freshState(q.merchantId, q.customerId)]);
      const { refusal } = rules.judge(kyc);
      const refused = refusal(await repository.usedAmount(q, now()));
      if (refused) throw refused;
    },

    prepare,

    /** The usage recorded under `reference` no longer counts (the operation was refunded). */
    release: (tx: Tx, q: { merchantId: string; reference: string }) =>
      releaseUsageSql(tx, q.merchantId, q.reference),

    usedAmount: (q: { merchantId: string; customerId: string; operationType: OperationType }) =>
      repository.usedAmount(q, now()),

    /** GET /v1/kyc/limits. */
    async listLimits(merchantId: string, customerId: string) {
      const [{ level }, currency, rows, own, offered] = await Promise.all([
        state.read(merchantId, customerId),
        currencyOf(merchantId),
        repository.listLimits(merchantId),
        repository.ownLimits(merchantId, customerId),
        catalog.listOperations({ merchantId }),
      ]);
      const dec = (minor: bigint) => toDecimalString(minor, currency);
      const headline = (kycLevel: string) => ({
        value: dec(
          rows.filter((r) => r.kycLevel === kycLevel).reduce((m, r) => (r.monthly > m ? r.monthly : m), 0n),
        ),
        currency,
      });
      const zero: Pick<LimitRow, "perTransaction" | "daily" | "monthly"> = {
        perTransaction: 0n,
        daily: 0n,
        monthly: 0n,
      };
      const operations = [];
      for (const op of offered) {
        if (op.constraint === "DISABLED" || !LIMITED_OPERATIONS.includes(op.operationType)) continue;
        const byLevel = (l: string) =>
          rows.find((r) => r.kycLevel === l && r.operationType === op.operationType) ?? zero;
        const current = limitOf(rows, own, level, op.operationType) ?? zero;
        const used = await repository.usedAmount(
          { merchantId, customerId, operationType: op.operationType },
          now(),
        );
        const remaining = remainingOf(current, used);
        operations.push({
          operationType: op.operationType,
          name: op.name,
          limits: {
            perTransaction: dec(current.perTransaction),
            daily: dec(current.daily),
            monthly: dec(current.monthly),
          },
          used: { daily: dec(used.daily), monthly: dec(used.monthly) },
          remaining: {
            daily: dec(remaining.daily),
            monthly: dec(remaining.monthly),
            now: dec(remaining.now),
          },
          levels: LEVEL_ORDER.map((kycLevel) => {
            const l = byLevel(kycLevel);
            return {
              kycLevel,
              perTransaction: dec(l.perTransaction),
              daily: dec(l.daily),
              monthly: dec(l.monthly),
            };
          }),
        });
      }
      return {
        currency,
        kycLevel: level,
        kyc0Limit: headline("KYC_0"),
        kyc2Limit: headline("KYC_2"),
        operations,
      };
    },
  };
}

export type KycLimits = ReturnType<typeof createKycLimits>;
