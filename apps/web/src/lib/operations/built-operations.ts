import { ROUTES } from "../routes.ts";
import type { OperationType } from "./operations-schema.ts";

/**
 * The operations this release of the app has working pages for. Which features exist is a fact
 * of the web app's release, like its routes; the operations catalog then says, per merchant and
 * customer, whether a built one may be used now. An entry point whose operations are all missing
 * here is not advertised: hidden where it would be a dead end (tabs, quick actions, banners),
 * marked "Coming soon" where the spec lists it as an option (the Add funds modal).
 */
const BUILT_OPERATIONS: ReadonlySet<OperationType> = new Set<OperationType>([
  "EXCHANGE",
  "DEPOSITS",
  "PAYIN_CARD",
  "PAYIN_CRYPTO",
  "PAYOUT_CARD",
  "PAYOUT_CRYPTO",
  "TRANSFER_MOBILE",
  "CARDS",
  "CARD_ORDER",
  "CARD_TOPUP_CRYPTO",
  "IBAN",
  "WITHDRAW_IBAN",
]);

/** True when at least one of the operations has a working page in this release. */
export function isBuilt(types: readonly OperationType[]): boolean {
  return types.some((type) => BUILT_OPERATIONS.has(type));
}

/** Pages that start an operation (spec §2): the router guards each by the operations catalog. */
export const OPERATION_PAGES = [
  { page: "exchange", operation: "EXCHANGE" },
  { page: "topUpCard", operation: "PAYIN_CARD" },
  { page: "topUpReceive", operation: "PAYIN_CRYPTO" },
  { page: "withdrawCard", operation: "PAYOUT_CARD" },
  { page: "sendWallet", operation: "PAYOUT_CRYPTO" },
  { page: "sendPhone", operation: "TRANSFER_MOBILE" },
  { page: "iban", operation: "IBAN" },
  { page: "ibanWithdrawBank", operation: "WITHDRAW_IBAN" },
  { page: "cards", operation: "CARDS" },
  { page: "cardsTopUpCrypto", operation: "CARD_TOPUP_CRYPTO" },
  { page: "cardsOrder", operation: "CARD_ORDER" },
  { page: "earn", operation: "DEPOSITS" },
] as const satisfies ReadonlyArray<{ page: keyof typeof ROUTES; operation: OperationType }>;

/** False for a link into the page of a feature not built yet (a banner must not lead there). */
export function leadsToBuiltPage(link: string): boolean {
  const path = link.split(/[?#]/)[0];
  const page = OPERATION_PAGES.find((p) => ROUTES[p.page] === path);
  return page === undefined || isBuilt([page.operation]);
}
