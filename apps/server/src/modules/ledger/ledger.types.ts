import type { LedgerOperationKind } from "@kestrel/domain";
import type { CurrencyCode } from "@kestrel/money";
import type { Json } from "../../db/json.ts";
import type { CUSTOMER_ACCOUNT_KINDS, HOUSE_ACCOUNT_KINDS, TRANSFER_TYPES } from "../../db/schema/ledger.ts";

export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];
export type AccountKind = CustomerAccountKind | HouseAccountKind;
export type TransferType = (typeof TRANSFER_TYPES)[number];

/** A JSON value: what a stored response may hold (db/json.ts). */
export type { Json };

/** An account by id, or the merchant's house account of a kind (one of its shards, picked per leg). */
export type AccountRef = { accountId: string } | { house: HouseAccountKind };

/** Moves `amount` now, or reserves it (`pending`) until posted, voided or expired. */
export type TransferLeg = {
  type?: "transfer";
  /** The transfer's id (UUIDv7); made by the ledger when omitted. */
  id?: string;
  debit: AccountRef;
  credit: AccountRef;
  /** Minor units of `currency`; positive. */
  amount: bigint;
  currency: CurrencyCode;
  pending?: { timeoutSeconds: number };
};
/** Posts a reservation: all of it, or `amount` of it (the rest is released). */
type PostPendingLeg = { type: "post_pending"; id?: string; pendingId: string; amount?: bigint };
/** Releases a reservation before its deadline. */
type VoidPendingLeg = { type: "void_pending"; id?: string; pendingId: string };
/** Releases a reservation after its deadline (the expiry job's leg). */
type ExpirePendingLeg = { type: "expire_pending"; id?: string; pendingId: string };
export type Leg = TransferLeg | PostPendingLeg | VoidPendingLeg | ExpirePendingLeg;

/**
 * Counters of an account. For every kind, balance = credits posted - debits posted, and
 * available = balance - debits pending (reserved money is not available).
 */
export type AccountBalance = {
  id: string;
  currency: CurrencyCode;
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
  balance: bigint;
  available: bigint;
  /** Number of entries on the account. */
  version: bigint;
};

export type Account = AccountBalance & {
  merchantId: string;
  ownerId: string | null;
  kind: AccountKind;
  shard: number;
  closed: boolean;
};

export type AppliedTransfer = {
  id: string;
  type: TransferType;
  debitAccountId: string;
  creditAccountId: string;
  currency: CurrencyCode;
  amount: bigint;
  pendingId: string | null;
  timeoutAt: Date | null;
};

/** What an applied operation did; `buildResponse` turns it into the stored response. */
export type OperationResult = {
  operationId: string;
  createdAt: Date;
  transfers: AppliedTransfer[];
  /** The touched accounts after the operation. */
  accounts: AccountBalance[];
};

type OperationRequest = {
  merchantId: string;
  /** The operation's id (UUIDv7); made by the ledger when omitted. Ids made up front let the
   * response be known up front too (see `response`). */
  operationId?: string;
  /** Unique per merchant; callers scope it (e.g. by customer) so two callers never share one. */
  idempotencyKey: string;
  /** Fingerprint of the request: the same key with another hash is refused. */
  requestHash: string;
  /** What the operation is (e.g. "transfer_mobile"), for statements and reports: one of the
   * domain's kinds, each with the phrase a statement prints (packages/domain). */
  kind: LedgerOperationKind;
  legs: Leg[];
  metadata?: Record<string, Json>;
  /**
   * The operation waits on an outside party (card acquirer, chain...): until `finishOperation`,
   * a retry with its key gets IN_PROGRESS instead of the stored response.
   */
  awaitsOutsideParty?: boolean;
};

/**
 * The response to store and replay: either known up front (`response`: ids are made by the
 * caller, so most responses are; stored with the operation), or built from what the operation
 * did (`buildResponse`: balances after it...; one more statement).
 */
export type ApplyOperationInput = OperationRequest &
  (
    | { response: Json; buildResponse?: never }
    | { buildResponse: (result: OperationResult) => Json; response?: never }
  );

export type OperationOutcome = {
  operationId: string;
  /** True when the key had been used already: nothing moved now, `response` is the stored one. */
  replayed: boolean;
  response: Json;
};
