import { type CurrencyCode, isCurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createBoundedCache } from "../../bounded-cache.ts";
import type { KycStatus, OperationType } from "../../db/schema/index.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { CompanionCall } from "../ledger/ledger.types.ts";
import type { MerchantsService } from "../merchants/merchants.service.ts";
import { kycErrors } from "./kyc.errors.ts";
import {
  type KycLimitsRepository,
  type LimitRow,
  recordUsageSql,
  type SqlClient,
  type UsageOutcome,
  usageCompanion,
  usageOutcomeOfError,
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

/**
 * A usage to record under `reference`; `mirror`: the customer's level and status as the caller
 * already knows them (their access token, or their row), a first guess checked under the lock.
 */
export type UsageQuery = LimitQuery & { reference: string; mirror?: KycState };

/**
 * A money operation's usage, ready to record: as a companion of its ledger statement, or on a
 * client of its own (refusals thrown either way).
 */
export type PreparedUsage = {
  companion: CompanionCall;
  write: (client: SqlClient) => Promise<"recorded" | "repeated">;
};

/** The stored KYC state differs from the one a usage writer was prepared for: prepare again. */
class KycStateChanged extends Error {
  /** The customer has no KYC row yet: the next try works the state out and makes it. */
  readonly rowMissing: boolean;
  constructor(opts: { rowMissing: boolean }) {
    super("the customer's KYC state changed while their usage was being recorded");
    this.rowMissing = opts.rowMissing;
  }
}

const MESSAGES: Record<LimitReason, (limit: string, remaining: string) => string> = {
  KYC_REQUIRED: () =>
    "Your verification level does not allow this yet. Please increase your verification level.",
  PER_TRANSACTION_LIMIT: (limit) => `This amount is above your limit of ${limit} per transaction.`,
  DAILY_LIMIT: (_l, remaining) => `This amount is above your 24-hour limit. You can still use ${remaining}.`,
  MONTHLY_LIMIT: (_l, remaining) => `This amount is above your 30-day limit. You can still use ${remaining}.`,
};

/**
 * Limits per KYC level and operation, and the one enforcement function money features call
 * (docs/kyc.md): `assertAllowed` checks the operations catalog (switch and KYC levels) and the
 * remaining limits; `consume` does the same and records the usage atomically; `release` gives
 * it back when the operation is voided.
 */
export function createKycLimits(deps: {
  repository: KycLimitsRepository;
  /** Runs a standalone usage record (one statement, its own transaction). */
  pool: SqlClient;
  state: Pick<KycStateKeeper, "read" | "mirrored">;
  catalog: Pick<CatalogService, "assertOperationAllowed" | "listOperations">;
  merchants: Pick<MerchantsService, "merchantById">;
  now?: () => Date;
}) {
  const { repository, state, catalog } = deps;
  const now = deps.now ?? (() => new Date());
  // The KYC state this instance last confirmed per customer: only a first guess (prepareUsage).
  const lastSeen = createBoundedCache<string, KycState>({ max: 100_000 });

  async function currencyOf(merchantId: string): Promise<CurrencyCode> {
    const { fiatCurrency } = await deps.merchants.merchantById(merchantId, "merchantId");
    if (!isCurrencyCode(fiatCurrency)) throw new Error(`merchant ${merchantId} has an unknown fiat currency`);
    return fiatCurrency;
  }

  /**
   * Catalog first (its refusal says why: maintenance, disabled, KYC), then the level's limit, for
   * the KYC state `kyc`. Answers the limit and `refusal(used)`, which names the bound a usage
   * breaks (the record itself compares in SQL, under the customer's lock).
   */
  async function prepare(q: LimitQuery, kyc: KycState) {
    if (typeof q.amountInFiatMinor !== "bigint" || q.amountInFiatMinor <= 0n) {
      throw new RangeError("amountInFiatMinor must be a positive bigint");
    }
    const { level, status } = kyc;
    await catalog.assertOperationAllowed({
      merchantId: q.merchantId,
      operationType: q.operationType,
      kycLevel: level,
      kycStatus: status,
    });
    const [limits, currency] = await Promise.all([
      repository.cachedLimits(q.merchantId),
      currencyOf(q.merchantId),
    ]);
    const limit = limits.find((l) => l.kycLevel === level && l.operationType === q.operationType);
    const show = (minor: bigint) => `${toDecimalString(minor, currency)} ${currency}`;
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
    return { refusal, currency, limit };
  }

  /** The customer's KYC state now, worked out from their applications. */
  async function freshState(merchantId: string, customerId: string): Promise<KycState> {
    const { level, status } = await state.read(merchantId, customerId);
    const known = { level, status };
    lastSeen.set(customerId, known);
    return known;
  }

  /**
   * Prepares the usage record of `q` under `reference`, before any statement: the limits are
   * picked for a guessed state (`fresh`: the state worked out now). The record compares the guess
   * with the stored state under the customer's lock; when it differs, `withUsage` prepares again
   * with the stored one, so a stale guess never decides, and a refusal on a guess is checked
   * again against the state worked out now.
   */
  async function prepareUsage(q: UsageQuery, fresh: boolean) {
    // The guess: what this instance saw last, else the level and status the caller knows (token
    // or row), else the customer row's mirror (one read); the state worked out from the
    // applications (two reads) only to make a missing KYC row.
    const known = fresh
      ? await freshState(q.merchantId, q.customerId)
      : (lastSeen.get(q.customerId) ?? q.mirror ?? (await state.mirrored(q.merchantId, q.customerId)));
    let prepared: Awaited<ReturnType<typeof prepare>>;
    try {
      prepared = await prepare(q, known);
      // Refused by the amount alone (per transaction, or no allowance at this level).
      const early = prepared.refusal({ daily: 0n, monthly: 0n });
      if (early) throw early;
    } catch (err) {
      // A guess never refuses: the refusal must hold for the state worked out now.
      if (fresh) throw err;
      return prepareUsage(q, true);
    }
    const { refusal, currency, limit } = prepared;
    const record = {
      id: uuidv7(),
      merchantId: q.merchantId,
      customerId: q.customerId,
      operationType: q.operationType,
      amount: q.amountInFiatMinor,
      currency,
      reference: q.reference,
      level: known.level,
      status: known.status,
      daily: limit?.daily ?? 0n,
      monthly: limit?.monthly ?? 0n,
      // A state worked out just now may make the customer's KYC row (the lock) if it is missing.
      create: fresh,
    };
    /** What an outcome other than recorded/repeated means: the refusal, or prepare again. */
    const settle = (result: UsageOutcome): "recorded" | "repeated" => {
      switch (result.outcome) {
        case "recorded":
        case "repeated":
          lastSeen.set(q.customerId, known); // just confirmed under the customer's lock
          return result.outcome;
        case "refused":
          throw refusal(result.used) ?? new Error("kyc_record_usage refused what the limit check allows");
        case "stale":
          lastSeen.set(q.customerId, { level: result.level as Level, status: result.status });
          throw new KycStateChanged({ rowMissing: false });
        case "no_state":
          throw new KycStateChanged({ rowMissing: true });
      }
    };
    return {
      settle,
      /** The work went through: its companion found the stored state equal to this guess. */
      succeeded: () => lastSeen.set(q.customerId, known),
      write: async (client: SqlClient) => settle(await recordUsageSql(client, record, now())),
      companion: usageCompanion(record, now()),
    };
  }

  /**
   * Runs `work` with the usage of `q` prepared (`companion` for the ledger operation's own
   * statement), reading a refusal the companion raised, and preparing again (a few times) when
   * the stored KYC state turned out to differ from the one it was prepared for.
   */
  async function withUsage<T>(q: UsageQuery, work: (usage: PreparedUsage) => Promise<T>): Promise<T> {
    let fresh = false;
    for (let attempt = 1; ; attempt++) {
      const usage = await prepareUsage(q, fresh);
      try {
        try {
          const result = await work(usage);
          // Remembered as write() remembers it: a companion that did not raise found the stored
          // state equal to the guess (a replay ran none, and a guess is checked every time anyway).
          usage.succeeded();
          return result;
        } catch (err) {
          const raised = usageOutcomeOfError(err);
          if (!raised) throw err;
          usage.settle(raised);
          throw err; // a companion raises only what settle throws for
        }
      } catch (err) {
        if (!(err instanceof KycStateChanged) || attempt >= 4) throw err;
        fresh = err.rowMissing;
      }
    }
  }

  return {
    async assertAllowed(q: LimitQuery): Promise<void> {
      const { refusal } = await prepare(q, await freshState(q.merchantId, q.customerId));
      const refused = refusal(await repository.usedAmount(q, now()));
      if (refused) throw refused;
    },

    /**
     * assertAllowed and the usage record in one statement of its own. `reference` is the
     * operation's own id: consuming it again changes nothing.
     */
    consume: (q: LimitQuery & { reference: string }): Promise<"recorded" | "repeated"> =>
      withUsage(q, (usage) => usage.write(deps.pool)),

    /**
     * For a money operation: `work` gets the usage as a companion of the operation's own ledger
     * statement (`companions`), so the usage is recorded only if the money moves and a refusal
     * rolls the whole operation back; or as `write` for the operation's own transaction client.
     */
    withUsage,

    release: (q: { merchantId: string; reference: string }) =>
      repository.releaseUsage(q.merchantId, q.reference),

    usedAmount: (q: { merchantId: string; customerId: string; operationType: OperationType }) =>
      repository.usedAmount(q, now()),

    /** GET /v1/kyc/limits. */
    async listLimits(merchantId: string, customerId: string) {
      const [{ level }, currency, rows, offered] = await Promise.all([
        state.read(merchantId, customerId),
        currencyOf(merchantId),
        repository.listLimits(merchantId),
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
        const current = byLevel(level);
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
          levels: (["KYC_0", "KYC_1", "KYC_2", "KYC_3"] as const).map((kycLevel) => {
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
        kycNoneLimit: { value: dec(0n), currency },
        kyc0Limit: headline("KYC_0"),
        kyc1Limit: headline("KYC_1"),
        kyc2Limit: headline("KYC_2"),
        kyc3Limit: headline("KYC_3"),
        operations,
      };
    },
  };
}

export type KycLimits = ReturnType<typeof createKycLimits>;
