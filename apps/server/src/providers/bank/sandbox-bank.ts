import { randomUUID } from "node:crypto";
import { toDecimalString } from "@kestrel/money";
import {
  type BankNotification,
  type DeliverBankNotification,
  signBankNotification,
} from "./bank-notification.ts";
import type { BankRail, OpenAccountOrder, SepaTransferOrder } from "./bank-provider.ts";
import { newIban } from "./iban-numbers.ts";
import {
  type SandboxBankTransfer,
  type SqlSource,
  sandboxBankSql as sql,
} from "./sandbox-bank.repository.ts";

/** What the sandbox bank says when it returns a transfer by itself (SEPA reason code AC04). */
const SANDBOX_RETURN_REASON = "AC04 Account closed";

/**
 * Magic test input (docs/iban.md): an outgoing transfer whose cents are 66 (12.66 EUR) is returned
 * by the creditor's bank instead of executed.
 */
function returnsOnSandboxBank(amount: bigint): boolean {
  return amount % 100n === 66n;
}

export type SandboxBank = ReturnType<typeof createSandboxBank>;

/**
 * The sandbox bank: opens accounts with real-format IBANs (check digits by mod 97), takes test
 * SEPA transfers to them, executes outgoing ones after `executionSeconds` (or returns them, with a
 * reason) and tells the server by signed notifications. Its clock is worker jobs (run_at), so any
 * worker instance runs it and a repeated tick changes nothing.
 */
export function createSandboxBank(deps: { db: SqlSource; executionSeconds: number; callbackSecret: string }) {
  const { db } = deps;

  const rail: BankRail = {
    async openAccount(order: OpenAccountOrder) {
      return db.withClient((c) =>
        sql.openAccount(c, {
          iban: newIban(order.country, order.bankCode),
          bic: order.bic,
          reference: order.reference,
          holderName: order.holderName,
        }),
      );
    },

    async sendTransfer(order: SepaTransferOrder) {
      return db.withClient(async (c) => {
        const row = await sql.insert(c, {
          id: randomUUID(),
          direction: "OUT",
          reference: order.reference,
          accountIban: order.accountIban,
          counterpartyName: order.creditorName,
          counterpartyIban: order.creditorIban,
          counterpartyBic: order.creditorBic,
          amount: order.amount,
          currency: "EUR",
          remittance: order.remittance,
        });
        if (row.status === "PENDING") await sql.scheduleTick(c, row.id, dueAt(row, deps.executionSeconds));
        return { id: row.id };
      });
    },

    /** A transfer's state now from the bank's own records, as a bank API's GET answers. */
    async transferStatus(reference: string) {
      const row = await db.withClient((c) => sql.findByReference(c, reference));
      return row ? notificationOf(row, stateAt(row, deps.executionSeconds)) : null;
    },
  };

  return {
    ...rail,

    /** A SEPA credit transfer from outside to one of the rail's IBANs (the console's form). */
    async receiveTransfer(p: {
      accountIban: string;
      senderName: string;
      senderIban: string;
      amount: bigint;
      remittance: string | null;
    }): Promise<SandboxBankTransfer | undefined> {
      return db.withClient(async (c) => {
        if (!(await sql.accountExists(c, p.accountIban))) return undefined;
        const row = await sql.insert(c, {
          id: randomUUID(),
          direction: "IN",
          reference: null,
          accountIban: p.accountIban,
          counterpartyName: p.senderName,
          counterpartyIban: p.senderIban,
          counterpartyBic: null,
          amount: p.amount,
          currency: "EUR",
          remittance: p.remittance,
        });
        await sql.scheduleTick(c, row.id, null);
        return row;
      });
    },

    /** The console: return a pending outgoing transfer with `reason` at the next tick (now). */
    async requestReturn(id: string, reason: string): Promise<boolean> {
      return db.withClient(async (c) => {
        if (!(await sql.requestReturn(c, id, reason))) return false;
        await sql.scheduleTick(c, id, null);
        return true;
      });
    },

    /** The console: move a pending transfer's clock on so it is executed now. */
    async executeNow(id: string): Promise<boolean> {
      return db.withClient(async (c) => {
        if (!(await sql.shiftStart(c, id, deps.executionSeconds))) return false;
        await sql.scheduleTick(c, id, null);
        return true;
      });
    },

    transfer: (id: string) => db.withClient((c) => sql.find(c, id)),
    recent: (limit = 20) => db.withClient((c) => sql.recent(c, limit)),

    /**
     * One tick of a transfer's clock: its state now, told to the server; a pending one is
     * ticked again when due. Throws when the server does not take the notification, so the job
     * is retried.
     */
    async tick(
      id: string,
      deliver: DeliverBankNotification,
    ): Promise<SandboxBankTransfer["status"] | "unknown"> {
      const row = await db.withClient((c) => sql.find(c, id));
      if (!row) return "unknown";
      const next = stateAt(row, deps.executionSeconds);
      if (next.status !== "PENDING" && row.status === "PENDING") {
        await db.withClient((c) =>
          sql.finish(c, id, next.status as "EXECUTED" | "RETURNED", next.returnReason),
        );
      }
      const body = JSON.stringify(notificationOf(row, next));
      const { status } = await deliver(body, signBankNotification(deps.callbackSecret, body));
      if (status >= 300) throw new Error(`bank notification for ${id} answered ${status}`);
      if (next.status === "PENDING") {
        await db.withClient((c) => sql.scheduleTick(c, id, dueAt(row, deps.executionSeconds)));
      }
      return next.status;
    },
  };
}

function dueAt(row: SandboxBankTransfer, executionSeconds: number): Date {
  return new Date(row.createdAt.getTime() + executionSeconds * 1000);
}

/** Where the clock has got to: incoming transfers are final at once, outgoing ones after the delay. */
function stateAt(row: SandboxBankTransfer, executionSeconds: number) {
  if (row.status !== "PENDING") return { status: row.status, returnReason: row.returnReason };
  if (row.direction === "IN") return { status: "EXECUTED" as const, returnReason: null };
  if (row.returnRequested) return { status: "RETURNED" as const, returnReason: row.returnRequested };
  const elapsed = (row.dbNow.getTime() - row.createdAt.getTime()) / 1000;
  if (elapsed < executionSeconds) return { status: "PENDING" as const, returnReason: null };
  if (returnsOnSandboxBank(row.amount))
    return { status: "RETURNED" as const, returnReason: SANDBOX_RETURN_REASON };
  return { status: "EXECUTED" as const, returnReason: null };
}

function notificationOf(
  row: SandboxBankTransfer,
  state: { status: SandboxBankTransfer["status"]; returnReason: string | null },
): BankNotification {
  return {
    id: row.id,
    direction: row.direction,
    status: state.status,
    accountIban: row.accountIban,
    counterpartyName: row.counterpartyName,
    counterpartyIban: row.counterpartyIban,
    counterpartyBic: row.counterpartyBic,
    amount: toDecimalString(row.amount, "EUR"),
    currency: "EUR",
    remittance: row.remittance,
    reference: row.reference,
    returnReason: state.returnReason,
  };
}
