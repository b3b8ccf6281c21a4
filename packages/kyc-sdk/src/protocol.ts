/**
 * The message protocol between a host page and the verification widget (spec §7): every message
 * is a plain object `{ channel: "kestrel-kyc", type, ...fields }` sent with postMessage to the
 * other side's exact origin. Both sides parse what they receive with the functions below and
 * drop anything else (other channels, unknown types, malformed fields).
 */
export const CHANNEL = "kestrel-kyc";

const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const DOCUMENT_KINDS = ["PASSPORT", "ID_CARD", "DRIVING_LICENCE"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Which documents the widget offers; by default all kinds and every country. */
export type DocumentSettings = { documentTypes?: DocumentKind[]; countries?: string[] };

/** Look of the widget: theme, and the merchant's button colour (#RRGGBB). */
export type WidgetOptions = { theme?: Theme; primaryColor?: string };

/** The widget reports an access token it cannot use with this code; the host sends a new one. */
export const INVALID_TOKEN = "INVALID_TOKEN";

export type InitMessage = {
  type: "init";
  accessToken: string;
  language: string;
  email?: string;
  phone?: string;
  country?: string;
  documentSettings?: DocumentSettings;
  options?: WidgetOptions;
};

/** Host → widget. */
export type HostMessage =
  | InitMessage
  | { type: "accessTokenUpdate"; accessToken: string }
  | { type: "accessTokenUpdate"; error: string }
  | { type: "navigateBack" }
  | { type: "language"; lang: string }
  | { type: "theme"; theme: Theme };

/** Widget → host. */
export type WidgetMessage =
  | { type: "ready" }
  | { type: "initialized" }
  | { type: "resize"; height: number }
  | { type: "scroll"; top: number }
  | { type: "error"; message: string; code?: string };

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === "object" && v !== null && !Array.isArray(v);
const optionalString = (v: unknown) => v === undefined || typeof v === "string";
const isLanguage = (v: unknown): v is string => typeof v === "string" && /^[a-z]{2}(-[A-Z]{2})?$/.test(v);
const isTheme = (v: unknown): v is Theme => THEMES.includes(v as Theme);
const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function isDocumentSettings(v: unknown): v is DocumentSettings {
  if (v === undefined) return true;
  if (!isObject(v)) return false;
  const { documentTypes, countries } = v;
  const typesOk =
    documentTypes === undefined ||
    (Array.isArray(documentTypes) && documentTypes.every((t) => DOCUMENT_KINDS.includes(t as DocumentKind)));
  const countriesOk =
    countries === undefined ||
    (Array.isArray(countries) && countries.every((c) => typeof c === "string" && /^[A-Z]{2}$/.test(c)));
  return typesOk && countriesOk;
}

function isWidgetOptions(v: unknown): v is WidgetOptions {
  if (v === undefined) return true;
  if (!isObject(v)) return false;
  const themeOk = v.theme === undefined || isTheme(v.theme);
  const colourOk =
    v.primaryColor === undefined ||
    (typeof v.primaryColor === "string" && /^#[0-9a-fA-F]{6}$/.test(v.primaryColor));
  return themeOk && colourOk;
}

/** A message from the host, or undefined when `data` is not one. */
export function parseHostMessage(data: unknown): HostMessage | undefined {
  if (!isObject(data) || data.channel !== CHANNEL) return undefined;
  switch (data.type) {
    case "init": {
      const { accessToken, language, email, phone, country, documentSettings, options } = data;
      if (typeof accessToken !== "string" || !isLanguage(language)) return undefined;
      if (![email, phone, country].every(optionalString)) return undefined;
      if (!isDocumentSettings(documentSettings) || !isWidgetOptions(options)) return undefined;
      return {
        type: "init",
        accessToken,
        language,
        email,
        phone,
        country,
        documentSettings,
        options,
      } as InitMessage;
    }
    case "accessTokenUpdate":
      if (typeof data.accessToken === "string")
        return { type: "accessTokenUpdate", accessToken: data.accessToken };
      if (typeof data.error === "string") return { type: "accessTokenUpdate", error: data.error };
      return undefined;
    case "navigateBack":
      return { type: "navigateBack" };
    case "language":
      return isLanguage(data.lang) ? { type: "language", lang: data.lang } : undefined;
    case "theme":
      return isTheme(data.theme) ? { type: "theme", theme: data.theme } : undefined;
    default:
      return undefined;
  }
}

/** A message from the widget, or undefined when `data` is not one. */
export function parseWidgetMessage(data: unknown): WidgetMessage | undefined {
  if (!isObject(data) || data.channel !== CHANNEL) return undefined;
  switch (data.type) {
    case "ready":
    case "initialized":
      return { type: data.type };
    case "resize":
      return isFiniteNumber(data.height) && data.height >= 0
        ? { type: "resize", height: data.height }
        : undefined;
    case "scroll":
      return isFiniteNumber(data.top) ? { type: "scroll", top: data.top } : undefined;
    case "error":
      if (typeof data.message !== "string" || !optionalString(data.code)) return undefined;
      return data.code === undefined
        ? { type: "error", message: data.message }
        : { type: "error", message: data.message, code: data.code as string };
    default:
      return undefined;
  }
}

/** The wire form of a message: the channel added, undefined fields left out. */
export function envelope(message: HostMessage | WidgetMessage): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries({ channel: CHANNEL, ...message }).filter(([, v]) => v !== undefined),
  );
}
