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

/** How an operator reads a document's type (a case's documents, the one asked for again). */
export const DOCUMENT_TYPE_PHRASES: Record<DocumentType, string> = {
  PASSPORT_FRONT: "Passport",
  ID_CARD_FRONT: "ID card, front",
  DRIVING_LICENCE_FRONT: "Driving licence, front",
  PASSPORT_BACK: "Passport, back",
  ID_CARD_BACK: "ID card, back",
  DRIVING_LICENCE_BACK: "Driving licence, back",
  SELFIE: "Selfie",
  UTILITY_BILL: "Utility bill",
  BANK_STATEMENT: "Bank statement",
  CREDIT_CARD_STATEMENT: "Credit card statement",
  GOVERNMENT_CORRESPONDENCE: "Government letter",
};
