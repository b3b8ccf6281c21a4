import { z } from "zod";
import { createBoundedCache } from "../../bounded-cache.ts";
import type { BannerPosition } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { commonErrors } from "../../http/app-error.ts";
import { type MerchantFeatures, NO_FEATURES, resolveFeatures } from "./feature-flags.ts";
import { merchantErrors } from "./merchants.errors.ts";
import {
  lockMerchantSql,
  type MerchantConfigPatch,
  type MerchantRow,
  type MerchantsRepository,
  updateMerchantConfigSql,
} from "./merchants.repository.ts";

export type Merchant = MerchantRow;
export type { MerchantConfigPatch };
export type MerchantSelector = { merchantIdHeader: string | undefined; host: string | undefined };
export type Banner = {
  id: string;
  title: string;
  text: string;
  imageUrl: string | null;
  link: string | null;
};
export type FaqEntry = { id: string; question: string; answer: string };

const merchantId = z.uuid();

/**
 * How long a merchant read by id is reused: every signed-in call looks its merchant up. A change
 * made through the back-office clears it on every instance at once (merchant-config's LISTEN);
 * the time limit still bounds a change made any other way (a seed, SQL by hand).
 */
const BY_ID_CACHE_MS = 5_000;

/** A host name as merchants list theirs: lower case, no port. */
const bareHost = (host: string | undefined) => host?.replace(/:\d+$/, "").toLowerCase();

export function createMerchantsService(deps: {
  repository: MerchantsRepository;
  /** PUBLIC_BASE_URL: the scheme and port every merchant host is served on. */
  publicBaseUrl: string;
}) {
  const { repository } = deps;
  // A per-instance read cache, never a source of truth: a change shows within BY_ID_CACHE_MS.
  const byIdCache = createBoundedCache<string, Merchant>({ max: 1000, ttlMs: BY_ID_CACHE_MS });
  const findById = async (id: string): Promise<Merchant | undefined> => {
    const hit = byIdCache.get(id);
    if (hit) return hit;
    const merchant = await repository.findById(id);
    if (merchant) byIdCache.set(id, merchant);
    return merchant;
  };
  // Every money call asks the catalog, which asks the flags (card pay-in and payout): read once
  // per merchant per few seconds, dropped at once by merchant-config's notice like the row.
  const featuresCache = createBoundedCache<string, MerchantFeatures>({ max: 1000, ttlMs: BY_ID_CACHE_MS });
  return {
    /** Drops what this instance holds of the merchant (its configuration changed). */
    forgetMerchant(id: string): void {
      byIdCache.delete(id);
      featuresCache.delete(id);
    },
    /** Drops everything held: after a missed notice nobody knows what changed. */
    forgetAll(): void {
      byIdCache.clear();
      featuresCache.clear();
    },

    /** The merchant's row read fresh and locked in `tx`: configuration changes queue on it. */
    lockForConfig: (tx: Tx, id: string): Promise<Merchant | undefined> => lockMerchantSql(tx, id),

    /** Writes configuration columns in the caller's transaction (merchant-config's use-cases). */
    writeConfig: (tx: Tx, id: string, patch: MerchantConfigPatch): Promise<void> =>
      updateMerchantConfigSql(tx, id, patch),

    /**
     * The merchant of a request: the X-Merchant-ID header, else the host name, else the default.
     * A header naming no merchant is refused rather than silently falling back: a client sending
     * the wrong id must find out.
     */
    async resolveMerchant(selector: MerchantSelector): Promise<Merchant> {
      if (selector.merchantIdHeader !== undefined) {
        if (!merchantId.safeParse(selector.merchantIdHeader).success) {
          throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
            field: "X-Merchant-ID",
            message: "X-Merchant-ID: must be a merchant id (UUID)",
          });
        }
        const byId = await findById(selector.merchantIdHeader);
        if (!byId) throw merchantErrors.create("MERCHANT_NOT_FOUND", { field: "X-Merchant-ID" });
        return byId;
      }
      const host = bareHost(selector.host);
      const byHost = host ? await repository.findByHost(host) : undefined;
      const merchant = byHost ?? (await repository.findDefault());
      if (!merchant) throw merchantErrors.create("MERCHANT_NOT_FOUND");
      return merchant;
    },

    /**
     * Where an address given to the merchant's customer leads (the 3-D Secure return, the email
     * confirmation link): the host the customer is using when it is one of the merchant's, so
     * they come back to the host their session's cookie lives on; else the merchant's first host,
     * never another merchant's. The request's host counts only when the merchant lists it, so a
     * forged Host (or X-Forwarded-Host from an untrusted peer, which Fastify ignores) cannot
     * point a link elsewhere. Scheme and port are PUBLIC_BASE_URL's; a merchant without hosts
     * gets PUBLIC_BASE_URL itself.
     */
    customerFacingOrigin(merchant: Pick<Merchant, "hosts">, requestHost: string | undefined): string {
      const url = new URL(deps.publicBaseUrl);
      const host = bareHost(requestHost);
      const chosen = host && merchant.hosts.includes(host) ? host : merchant.hosts[0];
      if (chosen) url.hostname = chosen;
      return url.origin;
    },

    /** The merchant with this support chat key, if any (the sandbox chat vendor's accounts). */
    merchantBySupportChatKey: (key: string): Promise<Merchant | undefined> =>
      repository.findBySupportChatKey(key),

    /** Every merchant's id and name (operators of the platform act on any of them). */
    listMerchants: () => repository.listTitles(),

    /** Host names of all merchants: their web apps' origins frame the KYC widget. */
    allHosts: (): Promise<string[]> => repository.allHosts(),

    /** A merchant named by id in a request field (already a valid UUID); unknown → 400 naming it. */
    async merchantById(id: string, field: string): Promise<Merchant> {
      const merchant = await findById(id);
      if (!merchant) throw merchantErrors.create("MERCHANT_NOT_FOUND", { field });
      return merchant;
    },

    /**
     * The merchant's overrides of the web app's texts, keyed like the app's own (dotted keys).
     * Overrides are stored once, in English, the only locale so far.
     */
    screenTexts(merchant: Merchant, _locale: "en"): Record<string, string> {
      return merchant.textOverrides;
    },

    async listBanners(q: {
      merchantId: string;
      locale: string;
      position: BannerPosition;
    }): Promise<Banner[]> {
      const rows = await repository.listBanners(q.merchantId, q.locale, q.position);
      return rows.map(({ id, title, text, imageUrl, link }) => ({ id, title, text, imageUrl, link }));
    },

    async listFaq(q: { merchantId: string; locale: string }): Promise<FaqEntry[]> {
      const rows = await repository.listFaq(q.merchantId, q.locale);
      return rows.map(({ id, question, answer }) => ({ id, question, answer }));
    },

    /** Card programs, card pay-in and payout the merchant offers (spec §3 feature flags). */
    async features(merchantId: string): Promise<MerchantFeatures> {
      const hit = featuresCache.get(merchantId);
      if (hit) return hit;
      const stored = await repository.findFeatureFlags(merchantId);
      const features = resolveFeatures(stored ?? NO_FEATURES);
      featuresCache.set(merchantId, features);
      return features;
    },
  };
}

export type MerchantsService = ReturnType<typeof createMerchantsService>;
