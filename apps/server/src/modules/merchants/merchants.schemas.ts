import { z } from "zod";
import { BANNER_POSITIONS } from "../../db/schema/index.ts";

export const localeQuery = z.enum(["en"]).default("en").describe("Language of the texts; only en for now");

const infoVariant = z.enum(["settingsData", "merchantData", "merchantSocial", "filesLinks"]);

export const webInfoQuery = z.object({ locale: localeQuery, variant: infoVariant });

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

const settingsData = z
  .object({
    favicon: z.string(),
    horizontalImage: z.string(),
    buttonColor1: hexColor,
    buttonColor2: hexColor,
    backgroundColor: hexColor,
    backgroundImage: z.string().nullable(),
    buttonTextColor1: hexColor.nullable().optional().describe("Text on buttonColor1; absent: black or white"),
    buttonTextColor2: hexColor.nullable().optional().describe("Text on buttonColor2; absent: black or white"),
    textColor: hexColor.nullable().optional().describe("Text on backgroundColor; absent: black or white"),
  })
  .meta({ id: "SettingsData" });

const merchantData = z
  .object({
    title: z.string(),
    merchantBackendId: z.uuid(),
    supportChatKey: z.string().nullable().describe("The merchant's account at the support chat vendor"),
    supportChatUrl: z
      .string()
      .nullable()
      .describe("The chat widget page for supportChatKey; null: no chat, use supportEmail or supportUrl"),
    supportEmail: z.string().nullable().describe("Support address when there is no chat"),
    supportUrl: z.string().nullable().describe("Support page when there is no chat"),
    referralCodeRequired: z.boolean(),
    requestSigningKey: z.string().describe("Key of the X-Signature HMAC; not a secret (docs/accounts.md)"),
  })
  .meta({ id: "MerchantData" });

const merchantSocial = z
  .object({ links: z.array(z.object({ name: z.string(), url: z.string() })) })
  .meta({ id: "MerchantSocial" });

const filesLinks = z
  .object({ documents: z.array(z.object({ key: z.string(), title: z.string(), url: z.string() })) })
  .meta({ id: "FilesLinks" });

export const webInfoResponse = z
  .object({
    success: z.literal(true),
    data: z.union([settingsData, merchantData, merchantSocial, filesLinks]),
  })
  .meta({ id: "WebInfoResponse" });

export const screensQuery = z.object({ locale: localeQuery });

export const screensResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      texts: z
        .record(z.string(), z.string())
        .describe("Overrides of the web app's English texts, by dotted key (e.g. modal.maintenance.title)"),
    }),
  })
  .meta({ id: "ScreensResponse" });

export const bannersQuery = z.object({
  locale: localeQuery,
  bannerPosition: z.enum(BANNER_POSITIONS).describe("Where the web app shows the banners"),
});

const banner = z
  .object({
    id: z.uuid(),
    title: z.string(),
    text: z.string(),
    imageUrl: z.string().nullable(),
    link: z.string().nullable().describe("A web app route or an absolute URL"),
  })
  .meta({ id: "Banner" });

export const bannersResponse = z
  .object({ success: z.literal(true), data: z.array(banner) })
  .meta({ id: "BannersResponse" });

export const faqQuery = z.object({
  locale: localeQuery,
  merchantId: z
    .uuid()
    .optional()
    .describe("The merchant whose FAQ to show; the request's merchant if absent"),
});

const faqEntry = z
  .object({ id: z.uuid(), question: z.string(), answer: z.string() })
  .meta({ id: "FaqEntry" });

export const faqResponse = z
  .object({ success: z.literal(true), data: z.array(faqEntry) })
  .meta({ id: "FaqResponse" });
