import type { SecurityEventKind } from "../../db/schema/security.ts";
import type { Tx } from "../../db/transaction.ts";
import type { IssuerCardControls } from "../../providers/issuer/issuer-card-controls.ts";
import type { Codes, VerifiedClaims } from "../auth/index.ts";
import type { Owner } from "../card-orders/index.ts";
import type { CardProgram } from "../merchants/index.ts";
import type { RateLimitService } from "../ratelimit/index.ts";
import type { createCardsRepository } from "./cards.repository.ts";
import type { CardRow } from "./cards.types.ts";

// The types the card-security service and its focused parts (block, label, PIN, reveal) share:
// their own file, so the parts need not import the service that composes them.

/** Who asks about which card: the signed-in customer (claims), their merchant, the program, the card. */
export type CardAsk = {
  owner: Owner;
  claims: Pick<VerifiedClaims, "merchantId" | "sessionId" | "customerId">;
  cp: CardProgram | undefined;
  cardId: string;
};

/** What the focused parts share. */
export type CardSecurityParts = {
  controls: IssuerCardControls;
  codes: Codes;
  limits: Pick<RateLimitService, "consume">;
  now: () => Date;
  repository: ReturnType<typeof createCardsRepository>;
  ownCard: (ask: CardAsk) => Promise<CardRow>;
  requireLiveSession: (ask: CardAsk) => Promise<void>;
  withEvent: (
    ask: CardAsk,
    card: CardRow,
    kind: SecurityEventKind,
    write?: (tx: Tx) => Promise<boolean>,
  ) => Promise<boolean>;
  phoneOf: (owner: Owner) => Promise<string>;
};
