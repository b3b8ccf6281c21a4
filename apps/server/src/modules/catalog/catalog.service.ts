import { createBoundedCache } from "../../bounded-cache.ts";
import {
  type KycLevel,
  OPERATION_TYPES,
  type OperationConstraint,
  type OperationType,
} from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { FULL_COVERAGE, type PartyCoverage } from "../../providers/party-coverage.ts";
import type { Merchant, MerchantsService } from "../merchants/index.ts";
import { catalogErrors } from "./catalog.errors.ts";
import { type CatalogRepository, listOperationsSql, replaceOperationsSql } from "./catalog.repository.ts";
import { type CatalogCountry, type CountryListType, countriesFor } from "./countries.ts";
import { type CatalogCurrency, catalogCurrency } from "./currency-features.ts";
import {
  availabilityReason,
  type CustomerKyc,
  kycReason,
  OPERATION_INFO,
  type OperationReason,
} from "./operation-types.ts";
import { type State, statesOf } from "./states.ts";

export type OperationStatus = {
  operationType: OperationType;
  name: string;
  constraint: OperationConstraint;
  reason: OperationReason;
  kycLevelPermissibleList: KycLevel[];
  url: string;
};

export type OperationSwitch = {
  operationType: OperationType;
  name: string;
  constraint: Exclude<OperationConstraint, "DISABLED">;
  since: Date;
};

export function createCatalogService(deps: {
  repository: CatalogRepository;
  merchants: Pick<MerchantsService, "features">;
  /** What this deployment's parties carry; a feature whose party is missing is unavailable. */
  coverage?: () => PartyCoverage;
}) {
  const coverage = deps.coverage ?? (() => FULL_COVERAGE);
  const unavailable = (type: OperationType) => coverage().unavailable.has(type);
  // Every money call checks its operation. A change through the back-office clears this on every
  // instance at once (merchant-config's LISTEN); the time limit still bounds a change made any
  // other way (a seed, SQL by hand), so a few seconds' staleness is all there can be.
  const operationsCache = createBoundedCache<
    string,
    Awaited<ReturnType<typeof deps.repository.findOperation>>
  >({
    max: 1000,
    ttlMs: 5_000,
  });
  const findOperation = async (merchantId: string, operationType: OperationType) => {
    const key = `${merchantId}:${operationType}`;
    const hit = operationsCache.get(key);
    if (hit) return hit;
    const row = await deps.repository.findOperation(merchantId, operationType);
    if (row) operationsCache.set(key, row);
    return row;
  };
  const { repository, merchants } = deps;

  /** Spec §6: a merchant's blocked countries (the spec's list unless it says otherwise). */
  function isCountryBlocked(merchant: Merchant, country: string): boolean {
    return merchant.blockedCountries.includes(country);
  }

  /** Card pay-in and payout switched off by the merchant's feature flags (spec §3): DISABLED. */
  async function switchedOffByFlags(merchantId: string): Promise<ReadonlySet<OperationType>> {
    const features = await merchants.features(merchantId);
    const off = new Set<OperationType>();
    if (!features.cardPayIn) off.add("PAYIN_CARD");
    if (!features.cardPayout) off.add("PAYOUT_CARD");
    return off;
  }

  /**
   * The catalog's verdict on an operation, read now and applied later to a KYC state (a use-case
   * reads its rules before its transaction and judges the state it locks inside it): throws the
   * refusal with its reason (disabled, maintenance, KYC level too low).
   */
  async function operationRule(merchantId: string, operationType: OperationType) {
    const [row, flaggedOff] = await Promise.all([
      findOperation(merchantId, operationType),
      switchedOffByFlags(merchantId),
    ]);
    const data = { operationType };
    return (kycLevel: string, kycStatus?: string): void => {
      if (!row || row.constraint === "DISABLED" || flaggedOff.has(operationType)) {
        throw catalogErrors.create("OPERATION_DISABLED", { data: { ...data, reason: "DISABLED" } });
      }
      if (row.constraint === "MAINTENANCE") {
        throw catalogErrors.create("OPERATION_MAINTENANCE", { data: { ...data, reason: "MAINTENANCE" } });
      }
      if (unavailable(operationType)) {
        throw catalogErrors.create("OPERATION_UNAVAILABLE", { data: { ...data, reason: "UNAVAILABLE" } });
      }
      if (!(row.kycLevels as readonly string[]).includes(kycLevel)) {
        throw catalogErrors.create("KYC_LEVEL_TOO_LOW", {
          data: { ...data, reason: kycReason(kycStatus), required: row.kycLevels },
        });
      }
    };
  }

  return {
    isCountryBlocked,

    /** Drops what this instance holds of the merchant's catalog (its configuration changed). */
    forgetMerchant(merchantId: string): void {
      for (const type of OPERATION_TYPES) operationsCache.delete(`${merchantId}:${type}`);
    },
    /** Drops everything held: after a missed notice nobody knows what changed. */
    forgetAll(): void {
      operationsCache.clear();
    },

    /** The merchant's catalog rows read in `tx`, under merchant-config's lock. */
    operationsIn: (tx: Tx, merchantId: string) => listOperationsSql(tx, merchantId),

    /** The merchant's catalog becomes exactly these rows, in the caller's transaction. */
    replaceOperations: (
      tx: Tx,
      merchantId: string,
      rows: { operationType: OperationType; constraint: OperationConstraint; kycLevels: KycLevel[] }[],
    ) => replaceOperationsSql(tx, merchantId, rows),

    /**
     * Sign-up (and anything else that must refuse a blocked country) calls this with the
     * client's IP country from the location service. `field` names the request field at fault
     * when the country came from the request (e.g. residenceCountry).
     */
    assertCountryAllowed(merchant: Merchant, country: string, field?: string): void {
      if (!isCountryBlocked(merchant, country)) return;
      throw catalogErrors.create("COUNTRY_BLOCKED_FOR_REGISTRATION", {
        field,
        data: { reason: "COUNTRY_BLOCKED", country },
      });
    },

    listCountries(merchant: Merchant, type: CountryListType): CatalogCountry[] {
      return countriesFor(type, merchant.blockedCountries);
    },

    listStates(country: string): readonly State[] {
      return statesOf(country);
    },

    /** The merchant's offered currencies, in its order, with networks and usable operations. */
    async listCurrencies(merchant: Merchant): Promise<CatalogCurrency[]> {
      const [features, operations] = await Promise.all([
        merchants.features(merchant.id),
        repository.listOperations(merchant.id),
      ]);
      const offeredTypes = new Set(operations.map((o) => o.operationType));
      const disabledOperations = new Set<OperationType>([
        ...OPERATION_TYPES.filter((t) => !offeredTypes.has(t) || unavailable(t)),
        ...operations.filter((o) => o.constraint === "DISABLED").map((o) => o.operationType),
      ]);
      const { carries } = coverage();
      return merchant.currencies.flatMap((code) => {
        const entry = catalogCurrency(code, { disabledOperations, features, carried: carries(code) });
        return entry ? [entry] : [];
      });
    },

    /**
     * The merchant's operations catalog in spec order. A type the merchant has no row for is not
     * listed (not offered), nor one its feature flags switch off (spec §3: card pay-in and payout):
     * the merchant does not offer that feature, so clients leave its entries out, where a catalog
     * DISABLED or MAINTENANCE is shown with its reason. Without a customer, reason follows the
     * merchant's switch only; the accounts issue passes the signed-in customer's KYC level and status.
     * An open operation whose party is not connected here reads DISABLED, reason UNAVAILABLE: that
     * is what the customer meets (docs/status.md).
     */
    async listOperations(q: { merchantId: string; customer?: CustomerKyc }): Promise<OperationStatus[]> {
      const [rows, flaggedOff] = await Promise.all([
        repository.listOperations(q.merchantId),
        switchedOffByFlags(q.merchantId),
      ]);
      const byType = new Map(rows.map((r) => [r.operationType, r]));
      return OPERATION_TYPES.flatMap((type) => {
        const row = byType.get(type);
        if (!row || flaggedOff.has(type)) return [];
        const missing = row.constraint === "NONE" && unavailable(type);
        return [
          {
            operationType: type,
            ...OPERATION_INFO[type],
            constraint: missing ? "DISABLED" : row.constraint,
            reason: missing ? "UNAVAILABLE" : availabilityReason(row.constraint, row.kycLevels, q.customer),
            kycLevelPermissibleList: row.kycLevels,
          },
        ];
      });
    },

    /**
     * The server side of the operations catalog: later features call this (or put
     * `operationGuard` on their routes) before doing anything. MAINTENANCE is 503 because it is
     * temporary; DISABLED and a KYC level outside the permitted list are 403. A level the list
     * does not know is simply not permitted.
     */
    async assertOperationAllowed(q: {
      merchantId: string;
      operationType: OperationType;
      kycLevel: string;
      kycStatus?: string | undefined;
    }): Promise<void> {
      (await operationRule(q.merchantId, q.operationType))(q.kycLevel, q.kycStatus);
    },

    /**
     * Refuses an operation the merchant does not offer at all (no row, DISABLED, or switched off
     * by its feature flags): 403 OPERATION_DISABLED, reason DISABLED. Neither maintenance nor the
     * customer's KYC level counts: for the calls that come before any price (saving a card, the
     * data call), which a customer of any level may make while the feature is there.
     */
    async assertOffered(merchantId: string, operationType: OperationType): Promise<void> {
      const [row, flaggedOff] = await Promise.all([
        findOperation(merchantId, operationType),
        switchedOffByFlags(merchantId),
      ]);
      if (!row || row.constraint === "DISABLED" || flaggedOff.has(operationType)) {
        throw catalogErrors.create("OPERATION_DISABLED", { data: { operationType, reason: "DISABLED" } });
      }
    },

    operationRule,

    /**
     * The operations the merchant offers (DISABLED and flag-switched ones left out) with their
     * switch and since when it is so: what /v2/status reads (docs/status.md).
     */
    async switches(merchantId: string): Promise<OperationSwitch[]> {
      const [rows, flaggedOff] = await Promise.all([
        repository.listOperations(merchantId),
        switchedOffByFlags(merchantId),
      ]);
      const byType = new Map(rows.map((r) => [r.operationType, r]));
      return OPERATION_TYPES.flatMap((type) => {
        const row = byType.get(type);
        if (!row || row.constraint === "DISABLED" || flaggedOff.has(type)) return [];
        return [
          {
            operationType: type,
            name: OPERATION_INFO[type].name,
            constraint: row.constraint,
            since: row.statusSince,
          },
        ];
      });
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
