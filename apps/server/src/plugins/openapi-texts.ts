// What a reader of the contract needs besides the schemas: a summary for every operation, what
// each error status means, the tags and the servers. Applied to the generated document as a
// whole, so a module's new route needs nothing (a route may still name its own `summary`).

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  responses?: Record<string, { description?: string }>;
  security?: unknown[];
};
export type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  tags?: { name: string; description: string }[];
  servers?: { url: string; description: string; variables?: Record<string, unknown> }[];
  [key: string]: unknown;
};

/** Every error status a route may answer, in the words of docs/architecture.md "Errors". */
export const ERROR_TEXTS: Record<string, string> = {
  "400": "The request is not valid: `error` says why and `field` names the field at fault.",
  "401": "No valid access token, or its session has ended: sign in again.",
  "403": "Not allowed: the customer's KYC level, or the operation is not offered to them.",
  "404": "Not found, or not the caller's (another customer's id is not found either).",
  "409":
    "In conflict: the Idempotency-Key is in use or was used with another request, or what was read changed meanwhile.",
  "413": "The body is larger than the route accepts.",
  "415": "The body's media type is not one the route reads.",
  "422": "Refused by a rule: a limit, the balance, the amount's bounds, a state that does not allow it.",
  "429": "Too many requests: wait as Retry-After says.",
  "503": "Unavailable for now (maintenance, a provider, the database): retry later.",
};

const SUCCESS_TEXTS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "204": "Done, nothing to answer",
};

/** What each tag groups, for the document's readers. */
const TAG_TEXTS: Record<string, string> = {
  auth: "Sign-in, tokens and sign-out.",
  backoffice: "The back-office: operators, customers, KYC review, operations, audit.",
  bank: "The bank rail's signed notifications (SEPA in and out).",
  captcha: "The captcha a sign-up or sign-in may ask for.",
  cards: "Card programs, orders, activation, reveal, PIN, label and soft block; a card's top-up.",
  catalog: "Which operations a merchant offers, at which KYC level.",
  chain: "The chain's signed notifications (deposits and withdrawals).",
  customer: "The signed-in customer's profile, tax data and settings.",
  deposits: "Earn: deposit templates, opening and closing deposits.",
  exchange: "Exchange offers: pairs, price, re-price, execute once.",
  health: "Liveness and readiness.",
  history: "The customer's operations, as they read them.",
  iban: "IBAN accounts: order, recipients, SEPA withdrawals, exchange into the IBAN.",
  kyc: "Identity verification, its documents, limits and limit increases.",
  "merchant configuration": "A merchant's configuration: content, features, currencies.",
  password: "Setting and resetting a password.",
  payin: "Card pay-in: crypto bought with a saved card.",
  payout: "Card payout: crypto sold to a saved card.",
  rates: "Exchange rates.",
  sandbox: "Sandbox controls: fake providers, clocks and credits (sandbox mode only).",
  security: "The security centre: sessions and devices, sign-outs, security events, the new-device alert.",
  send: "Sending money by phone or to an address, and its fee.",
  "sign-up": "Sign-up by phone, SMS confirmation, email and referral code.",
  status: "Which features are affected (maintenance, a failing provider) and since when; public.",
  wallets: "The customer's wallets and balances.",
};

/**
 * Where the API is served: each merchant's own host (the request's host names the merchant, else
 * X-Merchant-ID: docs/architecture.md "Tenancy").
 */
const SERVERS = [
  {
    url: "https://{merchantHost}",
    description: "A merchant's host: the API answers on every merchant's own domain",
    variables: {
      merchantHost: { default: "demo.kestrel.app", description: "The merchant's host name" },
    },
  },
];

/** Summaries where the description's first words do not make one. */
const SUMMARIES: Record<string, string> = {
  healthz: "Liveness",
  readyz: "Readiness (the database answers)",
  getKycData: "The customer's KYC level and status",
  startKyc3: "Ask for a limit increase",
  startKycSumsub: "Ask for a limit increase (Sumsub path)",
  getKycLimits: "The customer's limits per operation",
  uploadKycDocument: "Upload a KYC document",
  send: "Send money by phone or to an address",
  getDepositTemplates: "Deposit durations and rates per currency",
  listDeposits: "The customer's deposits",
  putCardRequestAddress: "Set a card order's billing and shipping address",
  getCardPersonalInfo: "The customer's answers to the issuer's questions",
  confirmCardPaymentOffer: "Pay a card order",
  revealCardDetails: "Reveal a card's details",
  softBlockCard: "Block a card",
  softUnblockCard: "Unblock a card",
  sandboxDecideKyc: "Decide a sandbox verification",
  operatorSignIn: "Operator sign-in: password",
  operatorTotp: "Operator sign-in: authenticator code",
  adminKycSetSettings: "Set who reviews identity checks",
};

/** The operation's summary: its own, else the first sentence of its description, else its id in words. */
export function summaryOf(op: Operation): string {
  if (op.summary) return op.summary;
  const named = op.operationId && SUMMARIES[op.operationId];
  if (named) return named;
  let sentence = op.description
    ?.split(/(?<=[.!?])\s/)[0]
    ?.replace(/[.]$/, "")
    .trim();
  // A parenthesis the sentence opens and does not close is cut off with what follows it.
  if (sentence && (sentence.match(/\(/g)?.length ?? 0) > (sentence.match(/\)/g)?.length ?? 0))
    sentence = sentence.slice(0, sentence.lastIndexOf("(")).trim();
  if (sentence && sentence.length <= 100) return sentence;
  const words = (op.operationId ?? "operation").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function describeDocument<T extends OpenApiDocument>(doc: T): T {
  const used = new Set<string>();
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(methods)) {
      op.summary = summaryOf(op);
      // No security named: the call is public, and the document says so.
      op.security ??= [];
      for (const tag of op.tags ?? []) used.add(tag);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (response.description && response.description !== "Default Response") continue;
        response.description = ERROR_TEXTS[status] ?? SUCCESS_TEXTS[status] ?? "See the schema";
      }
    }
  }
  doc.tags = [...used].sort().map((name) => ({ name, description: TAG_TEXTS[name] ?? name }));
  doc.servers = SERVERS;
  return doc;
}
