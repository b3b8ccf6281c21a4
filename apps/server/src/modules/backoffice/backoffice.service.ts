import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import type { AuthService } from "../auth/index.ts";
import type { CardsService } from "../cards/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { DepositsService } from "../deposits/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { IbanService } from "../iban/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { AuditService } from "../operators/index.ts";
import { backofficeErrors } from "./backoffice.errors.ts";
import type { Actor } from "./backoffice.types.ts";
import type { StuckPaymentsService } from "./stuck-payments.service.ts";

const money = (amount: bigint, currency: string) => {
  try {
    return toDecimalString(amount, currency as CurrencyCode);
  } catch {
    return amount.toString(); // a currency the money package does not know: minor units as they are
  }
};
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The back-office's use-cases (docs/backoffice.md): each composes the services of the modules
 * that own the data, every read scoped by the merchant the operator acts on.
 */
export function createBackofficeService(deps: {
  db: ClientSource;
  customers: CustomersService;
  auth: AuthService;
  kyc: KycService;
  ledger: LedgerService;
  history: HistoryService;
  cards: CardsService;
  iban: IbanService;
  deposits: DepositsService;
  audit: AuditService;
  /** Payments pending past their expected time: the first page shows the Stuck payments list. */
  stuck: Pick<StuckPaymentsService, "list">;
}) {
  const { customers, auth, kyc, ledger, history, cards, iban, deposits, audit } = deps;

  const historyItem = (r: Awaited<ReturnType<HistoryService["admin"]["search"]>>[number]) => ({
    operationId: r.operationId,
    customerId: r.customerId,
    type: r.type,
    direction: r.direction,
    status: r.status,
    currency: r.currency,
    amount: money(r.amount, r.currency),
    fee: money(r.fee, r.currency),
    counterparty: r.counterparty,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });

  async function setBlocked(who: Actor, customerId: string, reason: string, block: boolean) {
    const { merchantId } = who;
    await inTransaction(deps.db, async (tx) => {
      await customers.setBlocked(tx, merchantId, customerId, block ? { reason } : null);
      const ended = block
        ? await auth.endAllSessions(tx, merchantId, customerId, "blocked by an operator")
        : 0;
      await audit.record(
        who.actor,
        {
          merchantId,
          action: block ? "customer.block" : "customer.unblock",
          targetType: "customer",
          targetId: customerId,
          changes: { blocked: block, ...(block ? { sessionsEnded: ended } : {}) },
          reason,
        },
        tx,
      );
    });
  }

  return {
    /** By customer id, phone, email or name; an IBAN or a card's last four find their holder. */
    async searchCustomers(merchantId: string, query: string) {
      const q = query.trim();
      const alsoIds: string[] = [];
      const compact = q.replace(/\s/g, "");
      if (/^[A-Za-z]{2}\d{2}[A-Za-z0-9]{8,30}$/.test(compact)) {
        const holder = await iban.customerIdByIban(merchantId, compact);
        if (holder) alsoIds.push(holder);
      }
      if (/^\d{4}$/.test(q)) alsoIds.push(...(await cards.customerIdsByLast4(merchantId, q)));
      const rows = await customers.searchCustomers(merchantId, q, alsoIds);
      return rows.map((c) => ({
        id: c.id,
        phone: c.phone,
        email: c.email,
        name: [c.firstName, c.lastName].filter(Boolean).join(" ") || null,
        kycLevel: c.kycLevel,
        blocked: c.blockedAt !== null,
        createdAt: c.createdAt.toISOString(),
      }));
    },

    /** A customer's page. It shows their IBANs in full: the view is audited. */
    async customerPage(who: Actor, customerId: string) {
      const { merchantId } = who;
      const c = await customers.getCustomer(merchantId, customerId);
      const [kycHistory, accounts, cardRows, ibans, depositRows, operations, sessions, devices] =
        await Promise.all([
          kyc.review.historyOf(merchantId, customerId),
          ledger.listCustomerAccounts({ merchantId, ownerId: customerId }),
          cards.cardsOf(merchantId, customerId),
          iban.accountsOf(merchantId, customerId),
          deposits.depositsOf(merchantId, customerId),
          history.admin.search({ merchantId, customerId, limit: 20 }),
          auth.sessionsOf(merchantId, customerId),
          customers.devicesOf(merchantId, customerId),
        ]);
      await audit.record(who.actor, {
        merchantId,
        action: "customer.view",
        targetType: "customer",
        targetId: customerId,
        changes: { cards: cardRows.length, ibans: ibans.length },
      });
      return {
        profile: {
          id: c.id,
          phone: c.phone,
          email: c.email,
          firstName: c.firstName,
          lastName: c.lastName,
          dateOfBirth: c.dateOfBirth,
          residenceCountry: c.residenceCountry,
          residenceCity: c.residenceCity,
          residenceStreet: c.residenceStreet,
          createdAt: c.createdAt.toISOString(),
          blockedAt: iso(c.blockedAt),
          blockedReason: c.blockedReason,
        },
        kyc: {
          level: c.kycLevel,
          status: c.kycStatus,
          history: kycHistory.map((h) => ({
            ...h,
            submittedAt: h.submittedAt.toISOString(),
            decidedAt: iso(h.decidedAt),
          })),
        },
        wallets: accounts.map((a) => ({
          id: a.id,
          kind: a.kind,
          currency: a.currency,
          balance: money(a.balance, a.currency),
          available: money(a.available, a.currency),
        })),
        cards: cardRows.map((k) => ({
          id: k.id,
          program: k.program,
          cardType: k.cardType,
          maskedNumber: `•••• ${k.last4}`,
          expiry: `${String(k.expiryMonth).padStart(2, "0")}/${k.expiryYear}`,
          status: k.status,
          createdAt: k.createdAt.toISOString(),
        })),
        ibans: ibans.map((a) => ({
          id: a.id,
          iban: a.iban,
          bic: a.bic,
          currency: a.currency,
          holderName: a.holderName,
          status: a.status,
          createdAt: a.createdAt.toISOString(),
        })),
        deposits: depositRows.map((d) => ({
          id: d.id,
          currency: d.currency,
          principal: money(d.principal, d.currency),
          accruedInterest: money(d.accruedInterest, d.currency),
          status: d.status,
          openedAt: d.openedAt.toISOString(),
          expiresAt: d.expiresAt.toISOString(),
        })),
        operations: operations.map(historyItem),
        sessions: sessions.map((s) => ({
          id: s.id,
          deviceId: s.deviceId,
          createdAt: s.createdAt.toISOString(),
          revokedAt: iso(s.revokedAt),
          revokedReason: s.revokedReason,
        })),
        devices: devices.map((d) => ({ deviceId: d.deviceId, confirmedAt: d.confirmedAt.toISOString() })),
      };
    },

    /** Block: every session ends, sign-in and money out are refused; money in still lands. */
    block: (who: Actor, customerId: string, reason: string) => setBlocked(who, customerId, reason, true),
    unblock: (who: Actor, customerId: string, reason: string) => setBlocked(who, customerId, reason, false),

    searchOperations: async (q: Parameters<HistoryService["admin"]["search"]>[0]) =>
      (await history.admin.search(q)).map(historyItem),

    /** An operation: every party's history entry, its ledger legs, and its status over time. */
    async operationPage(merchantId: string, operationId: string) {
      const [entries, legs, changes] = await Promise.all([
        history.admin.entriesOf(merchantId, operationId),
        ledger.operationLegs({ merchantId, operationId }),
        history.admin.statusChangesOf(merchantId, operationId),
      ]);
      // Entries written before the status log began have no change stored: their last change.
      const logged = new Set(changes.map((c) => c.customerId));
      if (entries.length === 0 && !legs) throw backofficeErrors.create("OPERATION_NOT_FOUND");
      const statusHistory = [
        ...(legs ? [{ at: legs.createdAt.toISOString(), status: `ledger operation ${legs.status}` }] : []),
        ...(legs?.legs ?? []).map((l) => ({
          at: l.createdAt.toISOString(),
          status: `${l.type} ${money(l.amount, l.currency)} ${l.currency}`,
        })),
        ...changes.map((c) => ({ at: c.at.toISOString(), status: `history ${c.direction} ${c.status}` })),
        ...entries
          .filter((e) => !logged.has(e.customerId))
          .map((e) => ({ at: e.updatedAt.toISOString(), status: `history ${e.direction} ${e.status}` })),
      ].sort((a, b) => a.at.localeCompare(b.at));
      return {
        operationId,
        entries: entries.map((e) => ({ ...historyItem(e), details: e.details as Record<string, unknown> })),
        ledger: legs
          ? {
              kind: legs.kind,
              status: legs.status,
              metadata: legs.metadata as Record<string, unknown>,
              createdAt: legs.createdAt.toISOString(),
              legs: legs.legs.map((l) => ({
                id: l.id,
                type: l.type,
                currency: l.currency,
                amount: money(l.amount, l.currency),
                debit: l.debit,
                credit: l.credit,
                pendingId: l.pendingId,
                timeoutAt: iso(l.timeoutAt),
                createdAt: l.createdAt.toISOString(),
              })),
            }
          : null,
        statusHistory,
      };
    },

    /** The first page: waiting KYC cases, payments pending past their expected time, today's volumes. */
    async dashboard(merchantId: string) {
      const now = Date.now();
      const startOfDay = new Date(new Date(now).toISOString().slice(0, 10));
      const [waiting, late, volumes] = await Promise.all([
        kyc.review.listCases(merchantId, "WAITING", 5),
        deps.stuck.list(merchantId),
        history.admin.volumesSince(merchantId, startOfDay),
      ]);
      return {
        kyc: {
          waiting: await kyc.review.countWaiting(merchantId),
          oldest: waiting.map((c) => ({
            id: c.id,
            kind: c.kind,
            customerId: c.customerId,
            customerName: c.customerName,
            submittedAt: c.submittedAt.toISOString(),
          })),
        },
        latePayments: late.slice(0, 20),
        latePaymentsCount: late.length,
        volumesToday: volumes.map((v) => ({
          currency: v.currency,
          direction: v.direction,
          total: money(v.total, v.currency),
          count: v.count,
        })),
      };
    },
  };
}
