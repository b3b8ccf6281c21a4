// zod/mini: the same checks with a fraction of the bundle size of the chainable API.
import * as z from "zod/mini";

const hexColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));

/** Every configuration answer is wrapped as `{ success, data }`. */
function envelope<T extends z.ZodMiniType>(data: T) {
  // The cast only restates what the object schema guarantees; zod cannot infer it for a generic T.
  return z.pipe(
    z.object({ success: z.literal(true), data }),
    z.transform((answer) => (answer as unknown as { data: z.output<T> }).data),
  );
}

export const settingsDataSchema = envelope(
  z.object({
    favicon: z.string(),
    horizontalImage: z.string(),
    buttonColor1: hexColor,
    buttonColor2: hexColor,
    backgroundColor: hexColor,
    backgroundImage: z.nullable(z.string()),
    /** Text colours the merchant chose (contrast checked by the server); absent: black or white. */
    buttonTextColor1: z.optional(z.nullable(hexColor)),
    buttonTextColor2: z.optional(z.nullable(hexColor)),
    textColor: z.optional(z.nullable(hexColor)),
  }),
);
export type SettingsData = z.output<typeof settingsDataSchema>;

export const merchantDataSchema = envelope(
  z.object({
    title: z.string(),
    merchantBackendId: z.string(),
    supportChatKey: z.nullable(z.string()),
    /** The chat widget's page for supportChatKey; null: no chat (docs/support.md). */
    supportChatUrl: z.nullable(z.string()),
    supportEmail: z.nullable(z.string()),
    supportUrl: z.nullable(z.string()),
    referralCodeRequired: z.boolean(),
    /** Key of the X-Signature HMAC; the server says it is no secret (docs/accounts.md). */
    requestSigningKey: z.string(),
  }),
);
export type MerchantData = z.output<typeof merchantDataSchema>;

export const merchantSocialSchema = envelope(
  z.object({ links: z.array(z.object({ name: z.string(), url: z.string() })) }),
);

export const filesLinksSchema = envelope(
  z.object({ documents: z.array(z.object({ key: z.string(), title: z.string(), url: z.string() })) }),
);

export const screenTextsSchema = envelope(z.object({ texts: z.record(z.string(), z.string()) }));

export const bannersSchema = envelope(
  z.array(
    z.object({
      id: z.union([z.string(), z.number()]),
      title: z.string(),
      text: z.string(),
      imageUrl: z.nullable(z.string()),
      link: z.nullable(z.string()),
    }),
  ),
);
export type Banner = z.output<typeof bannersSchema>[number];
export type BannerPosition = "right" | "bottom";

export const faqSchema = envelope(
  z.array(z.object({ id: z.union([z.string(), z.number()]), question: z.string(), answer: z.string() })),
);
export type FaqEntry = z.output<typeof faqSchema>[number];

export const locationSchema = envelope(z.object({ country: z.string(), blocked: z.boolean() }));
