import { isDeepStrictEqual } from "node:util";
import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import type { CardProgramText, MerchantSettings } from "../../db/schema/index.ts";
import { OPERATION_TYPES } from "../../db/schema/index.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import { BlobIntegrityError, type BlobStore } from "../../providers/blobs/blob-store.ts";
import { CARD_DESIGN_IDS, offeredDesigns } from "../card-orders/index.ts";
import type { CatalogService } from "../catalog/index.ts";
import type { KycService } from "../kyc/index.ts";
import {
  CARD_PROGRAMS,
  type CardProgram,
  type Merchant,
  type MerchantConfigPatch,
  type MerchantsService,
  merchantErrors,
} from "../merchants/index.ts";
import type { AuditActor, AuditService } from "../operators/index.ts";
import type { QuotesService } from "../quotes/index.ts";
import { assertReadableBranding } from "./branding-rules.ts";
import {
  detectLogoType,
  LOGO_TYPES,
  logoBlobKey,
  logoPath,
  MAX_LOGO_BYTES,
  parseLogoFile,
} from "./logo-rules.ts";
import { merchantConfigErrors } from "./merchant-config.errors.ts";
import {
  appendVersionSql,
  type ConfigVersionRow,
  type MerchantConfigRepository,
  nextVersionSql,
  notifyConfigChangedSql,
} from "./merchant-config.repository.ts";
import { type ConfigSection, SECTION_SCHEMAS, type SectionState } from "./merchant-config.types.ts";

export type ConfigVersion = ConfigVersionRow;
export type ConfigChange<S extends ConfigSection = ConfigSection> = {
  actor: AuditActor;
  merchantId: string;
  section: S;
  state: SectionState[S];
  reason?: string | null | undefined;
};

/**
 * A merchant's configuration as the back-office changes it (docs/backoffice.md "Configuration"):
 * each change of a section is one transaction with its version row, its audit entry and a
 * notice every instance hears (merchant-config-listener.ts), so no instance serves the old one
 * for more than a moment.
 */
export function createMerchantConfigService(deps: {
  db: ClientSource;
  repository: MerchantConfigRepository;
  merchants: MerchantsService;
  catalog: CatalogService;
  /** The pairs' fees (quotes read them fresh on every pricing: nothing cached to drop). */
  quotes: Pick<QuotesService, "feesIn" | "setFees">;
  /** Limits per KYC level, and the per-instance copy limit checks read. */
  kyc: Pick<
    KycService,
    "levelLimitsIn" | "parseLevelLimits" | "replaceLevelLimits" | "forgetLimits" | "forgetAllLimits"
  >;
  audit: AuditService;
  /** Where uploaded logos are kept (the blob store of identity documents, docs/kyc.md). */
  blobs: BlobStore;
}) {
  const { db, repository, merchants, catalog, quotes, kyc, audit, blobs } = deps;

  /** The section's state as stored, in the shape the back-office edits and versions keep. */
  async function readSection<S extends ConfigSection>(
    tx: Tx,
    merchant: Merchant,
    section: S,
  ): Promise<SectionState[S]> {
    const state: { [K in ConfigSection]: () => Promise<SectionState[K]> | SectionState[K] } = {
      operations: async () => {
        const rows = await catalog.operationsIn(tx, merchant.id);
        const order = (t: string) => OPERATION_TYPES.indexOf(t as (typeof OPERATION_TYPES)[number]);
        return {
          operations: rows
            .map((r) => ({
              operationType: r.operationType,
              constraint: r.constraint,
              kycLevels: r.kycLevels,
            }))
            .sort((a, b) => order(a.operationType) - order(b.operationType)),
        };
      },
      branding: () => {
        const s = merchant.settings;
        return {
          favicon: s.favicon,
          horizontalImage: s.horizontalImage,
          backgroundImage: s.backgroundImage,
          buttonColor1: s.buttonColor1,
          buttonColor2: s.buttonColor2,
          backgroundColor: s.backgroundColor,
          buttonTextColor1: s.buttonTextColor1 ?? null,
          buttonTextColor2: s.buttonTextColor2 ?? null,
          textColor: s.textColor ?? null,
        };
      },
      texts: () => ({ textOverrides: merchant.textOverrides }),
      links: () => ({
        supportChatKey: merchant.supportChatKey,
        supportEmail: merchant.supportEmail,
        supportUrl: merchant.supportUrl,
        documents: merchant.documents,
        social: merchant.social,
      }),
      cardPrograms: () => {
        const named = (program: CardProgram) => {
          const c = merchant.cardPrograms[program];
          return c?.name.trim() ? { name: c.name, description: c.description } : null;
        };
        const designs = (program: CardProgram) => offeredDesigns(merchant, program).map((d) => d.id);
        return {
          CP_1: named("CP_1"),
          CP_2: named("CP_2"),
          designs: { CP_1: designs("CP_1"), CP_2: designs("CP_2") },
        };
      },
      fees: async () => ({ pairs: await quotes.feesIn(tx, merchant.id) }),
      limits: () => kyc.levelLimitsIn(tx, merchant.id) as Promise<SectionState["limits"]>,
    };
    return state[section]() as Promise<SectionState[S]>;
  }

  /** Rules the schema cannot say: readable colours, nothing listed twice. */
  function assertValid<S extends ConfigSection>(section: S, state: SectionState[S]): void {
    if (section === "branding") assertReadableBranding(state as SectionState["branding"]);
    if (section === "operations") {
      assertUnique(
        (state as SectionState["operations"]).operations.map((o) => o.operationType),
        "operations",
        "operationType",
      );
    }
    if (section === "fees") assertFeesFit(state as SectionState["fees"]);
    if (section === "cardPrograms") {
      const { designs } = state as SectionState["cardPrograms"];
      for (const program of CARD_PROGRAMS) {
        designs?.[program].forEach((id, i, ids) => {
          if (!CARD_DESIGN_IDS.includes(id)) {
            throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
              field: `designs.${program}.${i}`,
              message: `designs.${program}.${i}: a card design's id: ${CARD_DESIGN_IDS.join(", ")}`,
            });
          }
          if (ids.indexOf(id) !== i) {
            throw merchantConfigErrors.create("DUPLICATE_ENTRY", {
              field: `designs.${program}.${i}`,
              message: `designs.${program}.${i}: design ${id} is listed twice`,
            });
          }
        });
      }
    }
    if (section === "links") {
      assertUnique(
        (state as SectionState["links"]).documents.map((d) => d.key),
        "documents",
        "key",
      );
    }
  }

  /**
   * The state in its stored form, judged against the merchant: limits are amounts of its currency
   * (at most its decimals; "100" is kept as "100.00", so the same limits again are no change).
   */
  async function canonical<S extends ConfigSection>(
    merchant: Merchant,
    section: S,
    state: SectionState[S],
  ): Promise<SectionState[S]> {
    if (section === "cardPrograms") {
      // Designs in the one order they are read in, so a reordered list is no change; absent: all.
      const c = state as SectionState["cardPrograms"];
      const sorted = (ids: readonly number[] = CARD_DESIGN_IDS) => [...ids].sort((a, b) => a - b);
      return {
        ...c,
        designs: { CP_1: sorted(c.designs?.CP_1), CP_2: sorted(c.designs?.CP_2) },
      } as SectionState[S];
    }
    if (section !== "limits") return state;
    const limits = state as SectionState["limits"];
    if (limits.currency !== merchant.fiatCurrency) {
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
        field: "currency",
        message: `currency: limits are set in ${merchant.fiatCurrency}`,
      });
    }
    const rows = await kyc.parseLevelLimits(merchant.id, limits.limits);
    const dec = (minor: bigint) => toDecimalString(minor, limits.currency as CurrencyCode);
    const byLevelAndType = (x: { kycLevel: string; operationType: string }) =>
      `${x.kycLevel} ${x.operationType}`;
    return {
      currency: limits.currency,
      // The order the section is read in, so a reordered list is no change.
      limits: rows
        .map((r) => ({
          kycLevel: r.kycLevel,
          operationType: r.operationType,
          perTransaction: dec(r.perTransaction),
          daily: dec(r.daily),
          monthly: dec(r.monthly),
        }))
        .sort((x, y) => (byLevelAndType(x) < byLevelAndType(y) ? -1 : 1)),
    } as SectionState[S];
  }

  async function writeSection<S extends ConfigSection>(
    tx: Tx,
    merchant: Merchant,
    section: S,
    state: SectionState[S],
  ): Promise<void> {
    if (section === "fees") {
      const missing = await quotes.setFees(tx, merchant.id, (state as SectionState["fees"]).pairs);
      if (missing !== undefined) {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: `pairs.${missing}`,
          message: `pairs.${missing}: the merchant has no such pair`,
        });
      }
      return;
    }
    if (section === "limits") {
      const rows = await kyc.parseLevelLimits(merchant.id, (state as SectionState["limits"]).limits);
      await kyc.replaceLevelLimits(tx, merchant.id, rows);
      return;
    }
    if (section === "operations") {
      await catalog.replaceOperations(tx, merchant.id, (state as SectionState["operations"]).operations);
      return;
    }
    await merchants.writeConfig(tx, merchant.id, merchantPatch(merchant, section, state));
  }

  /** Forget this instance's copies now; the notice does the same on every other instance. */
  function forgetLocally(merchantId: string): void {
    merchants.forgetMerchant(merchantId);
    catalog.forgetMerchant(merchantId);
    kyc.forgetLimits(merchantId);
  }

  async function change<S extends ConfigSection>(
    input: ConfigChange<S> & { restoredVersion?: number },
  ): Promise<{ version: ConfigVersion | null }> {
    assertValid(input.section, input.state);
    const version = await inTransaction(db, async (tx) => {
      // The merchant's row is the configuration's lock: changes queue, versions never collide,
      // and `before` is judged on what the locked transaction reads.
      const merchant = await merchants.lockForConfig(tx, input.merchantId);
      if (!merchant) throw merchantErrors.create("MERCHANT_NOT_FOUND");
      const before = await readSection(tx, merchant, input.section);
      const after = await canonical(merchant, input.section, input.state);
      if (isDeepStrictEqual(before, after)) return null;
      await writeSection(tx, merchant, input.section, after);
      const stored = await appendVersionSql(tx, {
        merchantId: merchant.id,
        version: await nextVersionSql(tx, merchant.id),
        section: input.section,
        before,
        after,
        operatorId: input.actor.operatorId,
        operatorEmail: input.actor.operatorEmail,
        reason: input.reason ?? null,
        restoredVersion: input.restoredVersion ?? null,
      });
      await audit.record(
        input.actor,
        {
          merchantId: merchant.id,
          action: input.restoredVersion ? "config.rollback" : `config.${input.section}`,
          targetType: "merchant",
          targetId: merchant.id,
          changes: {
            section: input.section,
            version: stored.version,
            restoredVersion: input.restoredVersion,
            before,
            after,
          },
          reason: input.reason ?? null,
        },
        tx,
      );
      await notifyConfigChangedSql(tx, merchant.id);
      return stored;
    });
    if (version) forgetLocally(input.merchantId);
    return { version };
  }

  return {
    /** Every section's state now (what the back-office's Configuration page opens with). */
    async current(merchantId: string): Promise<SectionState> {
      return inTransaction(db, async (tx) => {
        const merchant = await merchants.merchantById(merchantId, "X-Merchant-ID");
        return {
          operations: await readSection(tx, merchant, "operations"),
          branding: await readSection(tx, merchant, "branding"),
          texts: await readSection(tx, merchant, "texts"),
          links: await readSection(tx, merchant, "links"),
          cardPrograms: await readSection(tx, merchant, "cardPrograms"),
          fees: await readSection(tx, merchant, "fees"),
          limits: await readSection(tx, merchant, "limits"),
        };
      });
    },

    /**
     * Changes one section: validated, written, versioned (before and after), audited and
     * announced, in one transaction. The same state again changes nothing: no version.
     */
    change,

    /**
     * Rolls back to a version: a new version whose `after` is that version's `after`, checked by
     * today's rules (a state they refuse is refused again, naming the field).
     */
    async rollback(input: {
      actor: AuditActor;
      merchantId: string;
      version: number;
      reason?: string | null;
    }) {
      const target = await repository.find(input.merchantId, input.version);
      if (!target) throw merchantConfigErrors.create("CONFIG_VERSION_NOT_FOUND", { field: "version" });
      const parsed = SECTION_SCHEMAS[target.section].safeParse(target.after);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.join(".") || "version";
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field,
          message: `${field}: version ${input.version} does not meet today's rules`,
        });
      }
      const state = parsed.data as SectionState[typeof target.section];
      return change({
        actor: input.actor,
        merchantId: input.merchantId,
        section: target.section,
        state,
        reason: input.reason ?? `Rollback to version ${input.version}`,
        restoredVersion: input.version,
      });
    },

    /**
     * Stores a logo in the blob store and answers its address; the branding section takes it
     * when saved (that is the change, versioned). PNG, JPEG or WebP by content, at most 512 KB.
     */
    async uploadLogo(input: { actor: AuditActor; merchantId: string; bytes: Uint8Array }): Promise<string> {
      if (input.bytes.length > MAX_LOGO_BYTES) {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "logo",
          message: "logo: at most 512 KB",
        });
      }
      const ext = detectLogoType(input.bytes);
      if (!ext) {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "logo",
          message: "logo: a PNG, JPEG or WebP image",
        });
      }
      const id = uuidv7();
      const stored = await blobs.put(logoBlobKey(input.merchantId, id), input.bytes);
      const url = logoPath(input.merchantId, id, stored.sha256, ext);
      await audit.record(input.actor, {
        merchantId: input.merchantId,
        action: "config.logo.upload",
        targetType: "merchant",
        targetId: input.merchantId,
        changes: { url, sizeBytes: stored.sizeBytes },
      });
      return url;
    },

    /** A stored logo's bytes, checked against the checksum its address carries; unknown: undefined. */
    async readLogo(merchantId: string, id: string, file: string) {
      const parsed = parseLogoFile(id, file);
      if (!parsed) return undefined;
      // An address whose checksum is not the stored bytes' is simply not a logo of ours.
      const bytes = await blobs.get(logoBlobKey(merchantId, parsed.id), parsed.sha256).catch((e: unknown) => {
        if (e instanceof BlobIntegrityError) return undefined;
        throw e;
      });
      return bytes ? { bytes, contentType: LOGO_TYPES[parsed.ext].contentType } : undefined;
    },

    versions: (q: {
      merchantId: string;
      section?: ConfigSection | undefined;
      before?: number | undefined;
      limit: number;
    }) => repository.list(q),

    /** What a notice (or a local change) means on this instance: the merchant's copies go. */
    forgetMerchant: forgetLocally,
    /** After a lost LISTEN connection: notices may have been missed, so every copy goes. */
    forgetAll(): void {
      merchants.forgetAll();
      catalog.forgetAll();
      kyc.forgetAllLimits();
    },
  };
}

/** Each pair once, and a fee table in the pair's from currency (pricing reads bands in it). */
function assertFeesFit(state: SectionState["fees"]): void {
  assertUnique(
    state.pairs.map((p) => `${p.kind} ${p.currencyFrom}→${p.currencyTo}`),
    "pairs",
    "currencyTo",
  );
  state.pairs.forEach((pair, i) => {
    pair.fees.feeTable.forEach((band, j) => {
      if (band.currency !== pair.currencyFrom) {
        const field = `pairs.${i}.fees.feeTable.${j}.currency`;
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field,
          message: `${field}: bands are set in ${pair.currencyFrom}, the pair's from currency`,
        });
      }
    });
  });
}

function assertUnique(values: string[], list: string, field: string): void {
  const seen = new Set<string>();
  values.forEach((value, i) => {
    if (seen.has(value)) {
      throw merchantConfigErrors.create("DUPLICATE_ENTRY", {
        field: `${list}.${i}.${field}`,
        message: `${list}.${i}.${field}: ${value} is listed twice`,
      });
    }
    seen.add(value);
  });
}

/** A section of the merchant's own row as the columns it is stored in. */
function merchantPatch<S extends ConfigSection>(
  merchant: Merchant,
  section: S,
  state: SectionState[S],
): MerchantConfigPatch {
  switch (section) {
    case "branding": {
      const b = state as SectionState["branding"];
      const settings: MerchantSettings = { ...merchant.settings, ...b };
      return { settings };
    }
    case "texts":
      return { textOverrides: (state as SectionState["texts"]).textOverrides };
    case "links":
      return { ...(state as SectionState["links"]) };
    case "cardPrograms": {
      const c = state as SectionState["cardPrograms"];
      const cardPrograms: Partial<Record<string, CardProgramText>> = {};
      for (const program of CARD_PROGRAMS) {
        const text = c[program];
        const ids = c.designs?.[program] ?? CARD_DESIGN_IDS;
        // Every design offered is the default, kept as no list (a design added later is offered).
        const designIds = ids.length === CARD_DESIGN_IDS.length ? undefined : [...ids];
        if (text || designIds) {
          cardPrograms[program] = {
            name: text?.name ?? "",
            description: text?.description ?? "",
            ...(designIds ? { designIds } : {}),
          };
        }
      }
      return { cardPrograms };
    }
    default:
      throw new Error(`section ${section} is not stored on the merchant's row`);
  }
}
