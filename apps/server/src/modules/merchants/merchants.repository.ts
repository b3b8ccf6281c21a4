import type {
  AllowedFlag,
  BannerPosition,
  CardProgramText,
  FeatureLevel,
  MerchantSettings,
} from "../../db/schema/index.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";

/** A white-label tenant, as stored. */
export type MerchantRow = {
  id: string;
  slug: string;
  /** Host names that select this merchant when no X-Merchant-ID header is sent. */
  hosts: string[];
  isDefault: boolean;
  title: string;
  settings: MerchantSettings;
  supportChatKey: string | null;
  supportEmail: string | null;
  supportUrl: string | null;
  social: { name: string; url: string }[];
  documents: { key: string; title: string; url: string }[];
  cardPrograms: Partial<Record<string, CardProgramText>>;
  textOverrides: Record<string, string>;
  referralCodeRequired: boolean;
  blockedCountries: string[];
  currencies: string[];
  fiatCurrency: string;
  fxSpreadBps: number;
  homeCountry: string;
  clientId: string;
  clientSecretHash: string;
  signingKey: string;
  createdAt: Date;
};
/** What a seed stores; the spread starts at its default when it names none. */
export type NewMerchantRow = Omit<MerchantRow, "createdAt" | "fxSpreadBps"> & { fxSpreadBps?: number };
export type BannerRow = {
  id: string;
  merchantId: string;
  locale: string;
  position: BannerPosition;
  title: string;
  text: string;
  imageUrl: string | null;
  link: string | null;
  sort: number;
};
export type NewBannerRow = Omit<BannerRow, "imageUrl" | "link"> & {
  imageUrl?: string | null;
  link?: string | null;
};
export type FaqRow = {
  id: string;
  merchantId: string;
  locale: string;
  question: string;
  answer: string;
  sort: number;
};
export type NewFaqRow = FaqRow;
export type FeatureFlagsRow = { merchantId: string; level: FeatureLevel; allowed: AllowedFlag[] };

/** The merchant's row by field: the columns a seed writes and the configuration changes. */
const MERCHANT_FIELDS = {
  id: "id",
  slug: "slug",
  hosts: "hosts",
  isDefault: "is_default",
  title: "title",
  settings: "settings",
  supportChatKey: "support_chat_key",
  supportEmail: "support_email",
  supportUrl: "support_url",
  social: "social",
  documents: "documents",
  cardPrograms: "card_programs",
  textOverrides: "text_overrides",
  referralCodeRequired: "referral_code_required",
  blockedCountries: "blocked_countries",
  currencies: "currencies",
  fiatCurrency: "fiat_currency",
  fxSpreadBps: "fx_spread_bps",
  homeCountry: "home_country",
  clientId: "client_id",
  clientSecretHash: "client_secret_hash",
  signingKey: "signing_key",
} as const satisfies Record<keyof NewMerchantRow, string>;
// node-postgres sends a JS array as a PostgreSQL array: jsonb values go as their JSON text.
const JSON_FIELDS = new Set<string>(["settings", "social", "documents", "cardPrograms", "textOverrides"]);
const param = (field: string, value: unknown) => (JSON_FIELDS.has(field) ? JSON.stringify(value) : value);

const MERCHANT_COLUMNS = [
  ...Object.entries(MERCHANT_FIELDS).map(([field, column]) =>
    field === column ? column : `${column} as "${field}"`,
  ),
  `created_at as "createdAt"`,
].join(", ");

/** What the back-office's configuration changes on the merchant's row (docs/backoffice.md). */
export type MerchantConfigPatch = Partial<
  Pick<
    NewMerchantRow,
    | "settings"
    | "textOverrides"
    | "documents"
    | "social"
    | "supportChatKey"
    | "supportEmail"
    | "supportUrl"
    | "cardPrograms"
  >
>;

/** Merchants and their content: each read one pooled query; configuration writes in the caller's Tx. */
export function createMerchantsRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  const rowsOf = async <R extends object>(text: string, values: unknown[] = []): Promise<R[]> =>
    (await db.withClient((c) => c.query<R>(text, values))).rows;
  const merchantWhere = async (where: string, values: unknown[]): Promise<MerchantRow | undefined> =>
    (
      await rowsOf<MerchantRow>(`select ${MERCHANT_COLUMNS} from merchants where ${where} limit 1`, values)
    )[0];
  return {
    findById: (id: string) => merchantWhere("id = $1", [id]),
    findByHost: (host: string) => merchantWhere("$1 = any(hosts)", [host]),
    /** Every merchant's id and name, by name (the back-office's merchant picker). */
    listTitles: () => rowsOf<{ id: string; title: string }>("select id, title from merchants order by title"),
    /** Every merchant's host names (the KYC widget may be framed by these). */
    async allHosts(): Promise<string[]> {
      const rows = await rowsOf<{ hosts: string[] }>("select hosts from merchants");
      return rows.flatMap((r) => r.hosts);
    },
    /** The merchant whose support chat account this key is (the sandbox chat vendor's lookup). */
    findBySupportChatKey: (key: string) => merchantWhere("support_chat_key = $1", [key]),
    findDefault: () => merchantWhere("is_default", []),
    /** Seeding is idempotent: an existing merchant (by slug) is left as it is. */
    async insertIfMissing(row: NewMerchantRow): Promise<void> {
      const fields = Object.keys(MERCHANT_FIELDS).filter(
        (f) => row[f as keyof NewMerchantRow] !== undefined,
      ) as (keyof NewMerchantRow)[];
      await rowsOf(
        `insert into merchants (${fields.map((f) => MERCHANT_FIELDS[f]).join(", ")})
         values (${fields.map((_, i) => `$${i + 1}`).join(", ")})
         on conflict (slug) do nothing`,
        fields.map((f) => param(f, row[f])),
      );
    },

    listBanners: (merchantId: string, locale: string, position: BannerPosition) =>
      rowsOf<BannerRow>(
        `select id, merchant_id as "merchantId", locale, position, title, text, image_url as "imageUrl", link, sort
         from merchant_banners where merchant_id = $1 and locale = $2 and position = $3
         order by sort, id`,
        [merchantId, locale, position],
      ),
    listFaq: (merchantId: string, locale: string) =>
      rowsOf<FaqRow>(
        `select id, merchant_id as "merchantId", locale, question, answer, sort
         from merchant_faq where merchant_id = $1 and locale = $2
         order by sort, id`,
        [merchantId, locale],
      ),
    async findFeatureFlags(merchantId: string): Promise<FeatureFlagsRow | undefined> {
      const [row] = await rowsOf<FeatureFlagsRow>(
        `select merchant_id as "merchantId", level, allowed from merchant_feature_flags where merchant_id = $1`,
        [merchantId],
      );
      return row;
    },

    /** Seeded content has fixed ids: a second run inserts nothing and keeps operators' edits. */
    async insertContentIfMissing(content: {
      banners: NewBannerRow[];
      faq: NewFaqRow[];
      featureFlags: FeatureFlagsRow[];
    }): Promise<void> {
      const { banners, faq, featureFlags } = content;
      if (banners.length > 0)
        await rowsOf(
          `insert into merchant_banners (id, merchant_id, locale, position, title, text, image_url, link, sort)
           select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
             $8::text[], $9::int[])
           on conflict do nothing`,
          [
            banners.map((b) => b.id),
            banners.map((b) => b.merchantId),
            banners.map((b) => b.locale),
            banners.map((b) => b.position),
            banners.map((b) => b.title),
            banners.map((b) => b.text),
            banners.map((b) => b.imageUrl ?? null),
            banners.map((b) => b.link ?? null),
            banners.map((b) => b.sort),
          ],
        );
      if (faq.length > 0)
        await rowsOf(
          `insert into merchant_faq (id, merchant_id, locale, question, answer, sort)
           select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::int[])
           on conflict do nothing`,
          [
            faq.map((f) => f.id),
            faq.map((f) => f.merchantId),
            faq.map((f) => f.locale),
            faq.map((f) => f.question),
            faq.map((f) => f.answer),
            faq.map((f) => f.sort),
          ],
        );
      // One row each: a flag list is an array, which unnest would flatten.
      for (const f of featureFlags)
        await rowsOf(
          `insert into merchant_feature_flags (merchant_id, level, allowed) values ($1, $2, $3::text[])
           on conflict do nothing`,
          [f.merchantId, f.level, f.allowed],
        );
    },
  };
}

export type MerchantsRepository = ReturnType<typeof createMerchantsRepository>;

/** The merchant's row, locked until `tx` ends: configuration changes queue on it. */
export async function lockMerchantSql(tx: Tx, id: string): Promise<MerchantRow | undefined> {
  const { rows } = await tx.query<MerchantRow>(
    `select ${MERCHANT_COLUMNS} from merchants where id = $1 for update`,
    [id],
  );
  return rows[0];
}

/** Writes the configuration columns the patch sets, in `tx` (an empty patch writes nothing). */
export async function updateMerchantConfigSql(tx: Tx, id: string, patch: MerchantConfigPatch): Promise<void> {
  const values: unknown[] = [id];
  const sets = Object.entries(patch)
    .filter(([, value]) => value !== undefined)
    .map(
      ([field, value]) =>
        `${MERCHANT_FIELDS[field as keyof MerchantConfigPatch]} = $${values.push(param(field, value))}`,
    );
  if (sets.length > 0) await tx.query(`update merchants set ${sets.join(", ")} where id = $1`, values);
}
