// Every table of the database, one file per domain; drizzle-kit generates migrations from these.

export * from "./acquiring.ts";
export * from "./adjustments.ts";
export * from "./card-funding.ts";
export * from "./cards.ts";
export * from "./catalog.ts";
export * from "./chain.ts";
export * from "./claims.ts";
export * from "./customers.ts";
export * from "./deposits.ts";
export * from "./history.ts";
export * from "./iban.ts";
export * from "./issuer.ts";
export * from "./issuer-spending.ts";
export * from "./kyc.ts";
export * from "./ledger.ts";
export * from "./live-sql.ts";
export * from "./merchant-config.ts";
export * from "./merchants.ts";
export * from "./operators.ts";
export * from "./outbox.ts";
export * from "./quotes.ts";
export * from "./security.ts";
export * from "./status.ts";
export * from "./support-chat.ts";
