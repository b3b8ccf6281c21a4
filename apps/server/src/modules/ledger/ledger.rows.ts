import type { CurrencyCode } from "@kestrel/money";
import type {
  Account,
  AccountBalance,
  AccountKind,
  AppliedTransfer,
  Json,
  OperationResult,
  TransferType,
} from "./ledger.types.ts";

// Rows as the database returns them, and their typed form. numeric and int8 arrive as strings
// (db/database.ts) and become bigint here, never numbers.

export type RawAccount = {
  id: string;
  merchant_id: string;
  owner_id: string | null;
  kind: AccountKind;
  currency: CurrencyCode;
  shard: number;
  closed: boolean;
  debits_posted: string;
  credits_posted: string;
  debits_pending: string;
  credits_pending: string;
  version: string;
};

type RawBalance = {
  id: string;
  currency: CurrencyCode;
  debitsPosted: string;
  creditsPosted: string;
  debitsPending: string;
  creditsPending: string;
  version: string;
};

export type RawTransfer = {
  id: string;
  type: TransferType;
  debitAccountId: string;
  creditAccountId: string;
  currency: CurrencyCode;
  amount: string;
  pendingId: string | null;
  timeoutAt: string | Date | null;
};

export type RawApplied = {
  outcome: "applied";
  response: Json;
  operationId: string;
  createdAt: string;
  transfers: RawTransfer[];
  accounts: RawBalance[];
};
export type RawReplayed = { outcome: "replayed"; operationId: string; response: Json };

export function toAccount(r: RawAccount): Account {
  return {
    ...balance({
      id: r.id,
      currency: r.currency,
      debitsPosted: r.debits_posted,
      creditsPosted: r.credits_posted,
      debitsPending: r.debits_pending,
      creditsPending: r.credits_pending,
      version: r.version,
    }),
    merchantId: r.merchant_id,
    ownerId: r.owner_id,
    kind: r.kind,
    shard: r.shard,
    closed: r.closed,
  };
}

function balance(r: RawBalance): AccountBalance {
  const debitsPosted = BigInt(r.debitsPosted);
  const creditsPosted = BigInt(r.creditsPosted);
  const debitsPending = BigInt(r.debitsPending);
  return {
    id: r.id,
    currency: r.currency,
    debitsPosted,
    creditsPosted,
    debitsPending,
    creditsPending: BigInt(r.creditsPending),
    balance: creditsPosted - debitsPosted,
    available: creditsPosted - debitsPosted - debitsPending,
    version: BigInt(r.version),
  };
}

export function toTransfer(t: RawTransfer): AppliedTransfer {
  return {
    id: t.id,
    type: t.type,
    debitAccountId: t.debitAccountId,
    creditAccountId: t.creditAccountId,
    currency: t.currency,
    amount: BigInt(t.amount),
    pendingId: t.pendingId,
    timeoutAt: t.timeoutAt === null ? null : new Date(t.timeoutAt),
  };
}

export function toResult(r: RawApplied): OperationResult {
  return {
    operationId: r.operationId,
    createdAt: new Date(r.createdAt),
    transfers: r.transfers.map(toTransfer),
    accounts: r.accounts.map(balance),
  };
}
