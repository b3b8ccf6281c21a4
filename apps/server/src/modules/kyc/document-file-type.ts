const DOCUMENT_CONTENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const JPEG = [0xff, 0xd8, 0xff] as const;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] as const; // "%PDF-"

/**
 * The type of an uploaded file by its first bytes (magic numbers), never by its name or the
 * type the browser claims: a renamed executable stays refused, a photo named ".pdf" is a photo.
 */
export function detectDocumentType(bytes: Uint8Array): DocumentContentType | undefined {
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, PDF)) return "application/pdf";
  return undefined;
}
