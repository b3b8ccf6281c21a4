/**
 * The documents a customer uploads for KYC (the reference API's §4.6 types, less
 * VIDEO_VERIFICATION: Kestrel takes photos and PDFs). The server accepts exactly these; the
 * back-office asks for one of them again when it returns a case for a retry.
 */
export const IDENTITY_FRONTS = ["PASSPORT_FRONT", "ID_CARD_FRONT", "DRIVING_LICENCE_FRONT"] as const;

export const DOCUMENT_TYPES = [
  ...IDENTITY_FRONTS,
  "PASSPORT_BACK",
  "ID_CARD_BACK",
  "DRIVING_LICENCE_BACK",
  "SELFIE",
  "UTILITY_BILL",
  "BANK_STATEMENT",
  "CREDIT_CARD_STATEMENT",
  "GOVERNMENT_CORRESPONDENCE",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
