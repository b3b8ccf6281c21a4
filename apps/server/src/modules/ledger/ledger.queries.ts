import type { CurrencyCode } from "@kestrel/money";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import { ledgerErrors } from "./ledger.errors.ts";
import * as repo from "./ledger.repository.ts";
import type {
  Account,
  AppliedTransfer,
  CustomerAccountKind,
  HouseAccountKind,
  OperationOutcome,
} from "./ledger.types.ts";
import { requireMerchantId } from "./legs.ts";
import { readOperationLegs } from "./operation-legs.ts";
import { findOperationByKeySql } from "./operations.repository.ts";
import {
  type AccountAt,
  customerBalancesAtSql,
  customerMovementsSql,
  type PostedMovement,
  walletDayClosesSql,
} from "./statement.repository.ts";
import { carryForward, lastDays, type WalletDay } from "./wallet-days.ts";

export type HouseBalance = {
  kind: HouseAccountKind;
  currency: CurrencyCode;
  shards: Account[];
  /** The shards summed: what a report shows as the one house account. */
  balance: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
};

/** What the ledger shows: accounts, house totals, transfers. Always within one merchant. */
export function createLedgerQueries(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    /** A customer's accounts (of one kind, if given), oldest first. */
    listCustomerAccounts(input: {
      merchantId: string;
      ownerId: string;
      kind?: CustomerAccountKind;
    }): Promise<Account[]> {
      requireMerchantId(input.merchantId);
      return db.withClient((c) =>
        repo.listCustomerAccountsSql(c, input.merchantId, input.ownerId, input.kind),
      );
    },

    /** A customer's wallet of a currency, if opened. */
    findCustomerWallet(input: {
      merchantId: string;
      ownerId: string;
      currency: CurrencyCode;
    }): Promise<Account | undefined> {
      requireMerchantId(input.merchantId);
      return db.withClient((c) =>
        repo.findCustomerWalletSql(c, input.merchantId, input.ownerId, input.currency),
      );
    },

    /** The wallet ids of several customers in one currency, by owner (absent: not opened). */
    findCustomerWalletIds(input: {
      merchantId: string;
      ownerIds: string[];
      currency: CurrencyCode;
    }): Promise<Map<string, string>> {
      requireMerchantId(input.merchantId);
      return db.withClient((c) =>
        repo.findCustomerWalletIdsSql(c, input.merchantId, input.ownerIds, input.currency),
      );
    },

    async getAccount(input: { merchantId: string; accountId: string }): Promise<Account> {
      requireMerchantId(input.merchantId);
      const account = await db.withClient((c) => repo.findAccountSql(c, input.merchantId, input.accountId));
      if (!account) throw ledgerErrors.create("ACCOUNT_NOT_FOUND");
      return account;
    },

    async getHouseBalance(input: {
      merchantId: string;
      kind: HouseAccountKind;
      currency: CurrencyCode;
    }): Promise<HouseBalance> {
      requireMerchantId(input.merchantId);
      const list = await db.withClient((c) =>
        repo.listHouseShardsSql(c, input.merchantId, input.kind, input.currency),
      );
      const sum = (pick: (a: Account) => bigint) => list.reduce((total, a) => total + pick(a), 0n);
      return {
        kind: input.kind,
        currency: input.currency,
        shards: list,
        balance: sum((a) => a.balance),
        debitsPending: sum((a) => a.debitsPending),
        creditsPending: sum((a) => a.creditsPending),
      };
    },

    /**
     * The stored outcome of a key whose operation committed, to replay before doing any work
     * a replay must not repeat (sending an SMS code, recording a limit's usage). Undefined: the
     * key is free (or its first use is still in flight: applyOperation will settle that).
     */
    async findStoredOutcome(input: {
      merchantId: string;
      idempotencyKey: string;
      requestHash: string;
    }): Promise<OperationOutcome | undefined> {
      requireMerchantId(input.merchantId);
      const op = await db.withClient((c) => findOperationByKeySql(c, input.merchantId, input.idempotencyKey));
      if (!op) return undefined;
      if (op.requestHash !== input.requestHash) throw ledgerErrors.create("IDEMPOTENCY_MISMATCH");
      if (op.status !== "completed") throw ledgerErrors.create("IN_PROGRESS");
      return { operationId: op.id, replayed: true, response: op.response };
    },

    /** An operation with its legs (the back-office's operation page), or undefined. */
    operationLegs: (input: { merchantId: string; operationId: string }) =>
      readOperationLegs(db, input.merchantId, input.operationId),

    /**
     * What a customer's statement of [from, to) is made of, read in one snapshot (so a payment
     * committing meanwhile cannot make it disagree): every account's posted balance at `from`
     * and at `to`, and the posted movements between.
     */
    statementFacts(input: { merchantId: string; ownerId: string; from: Date; to: Date }): Promise<{
      opening: AccountAt[];
      closing: AccountAt[];
      movements: PostedMovement[];
    }> {
      requireMerchantId(input.merchantId);
      const { merchantId, ownerId, from, to } = input;
      return inTransaction(db, async (tx) => {
        await tx.query("set transaction isolation level repeatable read, read only");
        return {
          opening: await customerBalancesAtSql(tx, merchantId, ownerId, from),
          closing: await customerBalancesAtSql(tx, merchantId, ownerId, to),
          movements: await customerMovementsSql(tx, merchantId, ownerId, from, to),
        };
      });
    },

    /**
     * What the customer's wallets held per currency at the close of each of the `days` UTC days
     * ending today (today: so far), oldest first, read in one snapshot. Posted balances only.
     */
    walletBalancesByDay(input: {
      merchantId: string;
      ownerId: string;
      days: number;
      now: Date;
    }): Promise<WalletDay[]> {
      requireMerchantId(input.merchantId);
      const days = lastDays(input.now, input.days);
      const from = new Date(`${days[0]}T00:00:00Z`);
      const to = new Date(Date.parse(`${days[days.length - 1]}T00:00:00Z`) + 86_400_000);
      return inTransaction(db, async (tx) => {
        await tx.query("set transaction isolation level repeatable read, read only");
        const { opening, closes } = await walletDayClosesSql(tx, input.merchantId, input.ownerId, from, to);
        return carryForward(days, opening, closes);
      });
    },

    async getTransfer(input: { merchantId: string; transferId: string }): Promise<AppliedTransfer> {
      requireMerchantId(input.merchantId);
      const transfer = await db.withClient((c) =>
        repo.findTransferSql(c, input.merchantId, input.transferId),
      );
      if (!transfer) throw ledgerErrors.create("PENDING_NOT_FOUND");
      return transfer;
    },
  };
}
