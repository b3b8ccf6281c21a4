import { z } from "zod";

export const localeQuery = z.enum(["en"]).default("en").describe("Language of the texts; only en for now");

export const infoVariant = z.enum(["settingsData", "merchantData", "merchantSocial", "filesLinks"]);

export const webInfoQuery = z.object({ locale: localeQuery, variant: infoVariant });

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const settingsData = z
  .object({
    favicon: z.string(),
    horizontalImage: z.string(),
    buttonColor1: hexColor,
    buttonColor2: hexColor,
    backgroundColor: hexColor,
    backgroundImage: z.string().nullable(),
  })
  .meta({ id: "SettingsData" });

export const merchantData = z
  .object({ title: z.string(), merchantBackendId: z.uuid(), supportChatKey: z.string().nullable() })
  .meta({ id: "MerchantData" });

export const merchantSocial = z
  .object({ links: z.array(z.object({ name: z.string(), url: z.string() })) })
  .meta({ id: "MerchantSocial" });

export const filesLinks = z
  .object({ documents: z.array(z.object({ key: z.string(), title: z.string(), url: z.string() })) })
  .meta({ id: "FilesLinks" });

export const webInfoResponse = z
  .object({
    success: z.literal(true),
    data: z.union([settingsData, merchantData, merchantSocial, filesLinks]),
  })
  .meta({ id: "WebInfoResponse" });
