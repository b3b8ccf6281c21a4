/** What a merchant's logo may be: raster images a browser shows safely (no SVG: it can carry script). */
export const LOGO_TYPES = {
  png: { contentType: "image/png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  jpg: { contentType: "image/jpeg", magic: [0xff, 0xd8, 0xff] },
  webp: { contentType: "image/webp", magic: [0x52, 0x49, 0x46, 0x46] },
} as const;
export type LogoExtension = keyof typeof LOGO_TYPES;

export const MAX_LOGO_BYTES = 512 * 1024;

/** The logo's type by its first bytes, never by its name or the type the browser claims. */
export function detectLogoType(bytes: Uint8Array): LogoExtension | undefined {
  for (const [ext, t] of Object.entries(LOGO_TYPES) as [
    LogoExtension,
    (typeof LOGO_TYPES)[LogoExtension],
  ][]) {
    if (bytes.length >= 12 && t.magic.every((b, i) => bytes[i] === b)) {
      // RIFF is WebP only with "WEBP" at bytes 8-11.
      if (ext === "webp" && Buffer.from(bytes.subarray(8, 12)).toString("latin1") !== "WEBP") continue;
      return ext;
    }
  }
  return undefined;
}

/**
 * A stored logo's address: its blob id and checksum in the name, so the address never changes
 * meaning (served with a year's cache) and the bytes are checked against it on every read.
 */
export const logoPath = (merchantId: string, id: string, sha256: string, ext: LogoExtension) =>
  `/merchant-logos/${merchantId}/${id}/${sha256}.${ext}`;

const LOGO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOGO_FILE = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

/** The blob id and checksum of a logo address's last two parts (each under Fastify's 100-character parameter limit). */
export function parseLogoFile(
  id: string,
  file: string,
): { id: string; sha256: string; ext: LogoExtension } | undefined {
  const m = LOGO_FILE.exec(file);
  return m && LOGO_ID.test(id) ? { id, sha256: m[1] as string, ext: m[2] as LogoExtension } : undefined;
}

export const logoBlobKey = (merchantId: string, id: string) => `merchant-logos/${merchantId}/${id}`;
