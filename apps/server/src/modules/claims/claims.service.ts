import type { CurrencyCode } from "@kestrel/money";
import { createMoneyFrame, Settled } from "../../app/money-use-case.ts";
import { type ClientSource, inTransaction, type Tx } from "../../db/transaction.ts";
import { AppError } from "../../http/app-error.ts";
import { enqueueJobs } from "../../jobs/enqueue.ts";
import type { SmsProvider } from "../../providers/sms/sms-provider.ts";
import type { AuthService, VerifiedClaims } from "../auth/index.ts";
import type { CatalogService } from "../catalog/index.ts";
import { type CustomersService, displayPhone, maskPhone } from "../customers/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { LedgerService } from "../ledger/index.ts";
import type { MerchantsService } from "../merchants/index.ts";
import { createClaimRelease } from "./claim-release.ts";
import { claimTexts } from "./claim-texts.ts";
import { claimView } from "./claim-views.ts";
import { claimErrors } from "./claims.errors.ts";
import { type ClaimRow, claimsSql } from "./claims.repository.ts";
import {
  CLAIM_DAYS,
  CLAIM_DELIVER_TASK,
  CLAIM_RETURN_TASK,
  CLAIM_TEXT_TASK,
  type ClaimTextEvent,
  type ClaimView,
} from "./claims.types.ts";

const DAY_MS = 86_400_000;
/** Every claim error is about the transfer the path names (`/v2/claimable-transfers/{id}`). */
const ON_ID = { field: "id" } as const;
const SWEEP_LIMIT = 100;

/**
 * Money sent by phone to someone not yet a customer (docs/send.md "Sending to someone not yet a
 * customer"): held in the merchant's `claims_held` account, claimed once its phone's owner has
 * joined at the level the catalog asks of TRANSFER_MOBILE, else returned after 7 days; the
 * sender may cancel while it is held. Every outcome judges the claim's row locked in its own
 * transaction, and the ledger's key for letting the money go is the claim's (claim-release.ts).
 */
export function createClaimsService(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  history: Pick<HistoryService, "record" | "update">;
  customers: Pick<CustomersService, "getCustomer" | "findConfirmedIdByPhone">;
  catalog: Pick<CatalogService, "operationRule">;
  merchants: Pick<MerchantsService, "merchantById" | "customerFacingOrigin">;
  sms: SmsProvider;
  now?: () => Date;
}) {
  const { ledger } = deps;
  const now = deps.now ?? (() => new Date());
  const release = createClaimRelease(deps);
  const frame = createMoneyFrame(deps);
  const read = (merchantId: string, id: string) =>
    deps.db.withClient((c) => claimsSql.read(c, merchantId, id));
  const walletOf = (merchantId: string, ownerId: string, currency: string) =>
    ledger.openCustomerAccount({ merchantId, ownerId, kind: "customer_wallet", currency });

  /** Whether this customer may receive now: a confirmed phone and a level the catalog lets send by phone. */
  async function mayReceive(merchantId: string, customerId: string) {
    const customer = await deps.customers.getCustomer(merchantId, customerId);
    if (!customer.phoneConfirmed) return undefined;
    const rule = await deps.catalog.operationRule(merchantId, "TRANSFER_MOBILE");
    try {
      rule(customer.kycLevel, customer.kycStatus);
    } catch (err) {
      // Not yet (level, maintenance): the next trigger or the sweep tries again.
      if (err instanceof AppError) return undefined;
      throw err;
    }
    return customer;
  }

  /** Moves one held claim to this customer, once; answers the claim's status after. */
  async function claim(merchantId: string, id: string, recipient: { id: string; phone: string }) {
    const row = await read(merchantId, id);
    if (row?.status !== "HELD" || row.phone !== recipient.phone) return row?.status;
    const [wallet, sender] = await Promise.all([
      walletOf(merchantId, recipient.id, row.currency),
      deps.customers.getCustomer(merchantId, row.senderId),
    ]);
    return inTransaction(deps.db, async (tx) => {
      const locked = await claimsSql.lock(tx, merchantId, id);
      // Judged on the locked row: claimed, returned or cancelled meanwhile, or past its time
      // (then it goes back to the sender, never to a late claim).
      if (locked?.status !== "HELD" || locked.expiresAt <= now()) return locked?.status;
      const at = now();
      const settled = await release(tx, locked, {
        status: "CLAIMED",
        toAccountId: wallet.id,
        recipient: { id: recipient.id, senderPhone: sender.phone },
        at,
      });
      return settled.status;
    });
  }

  /** Back to the sender, once, if it is still held and its time is up at `now()`. */
  async function returnIfDue(merchantId: string, id: string) {
    const row = await read(merchantId, id);
    if (row?.status !== "HELD" || row.expiresAt > now()) return row?.status;
    const wallet = await walletOf(merchantId, row.senderId, row.currency);
    return inTransaction(deps.db, async (tx) => {
      const locked = await claimsSql.lock(tx, merchantId, id);
      if (locked?.status !== "HELD" || locked.expiresAt > now()) return locked?.status;
      return (await release(tx, locked, { status: "RETURNED", toAccountId: wallet.id, at: now() })).status;
    });
  }

  /** Every claim waiting for this customer's phone, if they may receive now; how many moved. */
  async function deliverTo(merchantId: string, customerId: string): Promise<number> {
    const customer = await mayReceive(merchantId, customerId);
    if (!customer) return 0;
    const ids = await deps.db.withClient((c) => claimsSql.heldFor(c, merchantId, customer.phone));
    let claimed = 0;
    for (const id of ids) if ((await claim(merchantId, id, customer)) === "CLAIMED") claimed++;
    return claimed;
  }

  async function ownClaim(merchantId: string, customerId: string, id: string): Promise<ClaimRow> {
    const row = await read(merchantId, id);
    // Another customer's claim names nothing this caller may see.
    if (row?.senderId !== customerId) throw claimErrors.create("CLAIM_NOT_FOUND", ON_ID);
    return row;
  }

  return {
    /**
     * In the send's transaction: the claim's row, its return at expiry and the invite's text (jobs
     * that exist only if the send commits). `id` is the send's operation id.
     */
    async hold(
      tx: Tx,
      h: {
        merchantId: string;
        id: string;
        senderId: string;
        phone: string;
        currency: CurrencyCode;
        amount: bigint;
        at: Date;
      },
    ): Promise<void> {
      const expiresAt = new Date(h.at.getTime() + CLAIM_DAYS * DAY_MS);
      await claimsSql.insert(tx, { ...h, expiresAt, holdOperationId: h.id, createdAt: h.at });
      await enqueueJobs(tx, [
        {
          task: CLAIM_RETURN_TASK,
          payload: { merchantId: h.merchantId, claimId: h.id },
          runAt: expiresAt,
          jobKey: `claims_return:${h.id}`,
        },
        {
          task: CLAIM_TEXT_TASK,
          payload: { merchantId: h.merchantId, claimId: h.id, event: "INVITE" },
          jobKey: `claims_text:${h.id}:INVITE`,
        },
      ]);
    },

    /** When a hold made now would expire (the send's answer says it before the money moves). */
    expiryOf: (at: Date) => new Date(at.getTime() + CLAIM_DAYS * DAY_MS),

    claim,
    returnIfDue,
    deliverTo,

    /**
     * A trigger (sign-up confirmed, KYC level changed): the delivery runs as a job, so the
     * caller's request never waits for it nor fails with it; the sweep catches a lost one.
     */
    async queueDelivery(merchantId: string, customerId: string): Promise<void> {
      await deps.db.withClient((c) =>
        enqueueJobs(c, [
          {
            task: CLAIM_DELIVER_TASK,
            payload: { merchantId, customerId },
            jobKey: `claims_deliver:${merchantId}:${customerId}`,
          },
        ]),
      );
    },

    /** The sender cancels while it is held: the money comes back (409 once claimed or returned). */
    cancel(input: {
      session: Pick<VerifiedClaims, "merchantId" | "sessionId" | "customerId">;
      id: string;
    }): Promise<ClaimView> {
      const { merchantId, customerId } = input.session;
      return frame<{ row: ClaimRow; walletId: string }, ClaimView, ClaimRow>({
        session: input.session,
        prepare: async () => {
          const row = await ownClaim(merchantId, customerId, input.id);
          return { row, walletId: (await walletOf(merchantId, customerId, row.currency)).id };
        },
        lock: async (tx) => {
          const locked = await claimsSql.lock(tx, merchantId, input.id);
          if (!locked) throw claimErrors.create("CLAIM_NOT_FOUND", ON_ID);
          if (locked.status === "CLAIMED") throw claimErrors.create("CLAIM_ALREADY_CLAIMED", ON_ID);
          if (locked.status === "RETURNED") throw claimErrors.create("CLAIM_ALREADY_RETURNED", ON_ID);
          // Cancelled already: the same answer again.
          if (locked.status === "CANCELLED")
            return new Settled(claimView(locked, displayPhone(locked.phone)));
          return locked;
        },
        move: async (tx, p, locked) => {
          const released = await release(tx, locked, {
            status: "CANCELLED",
            toAccountId: p.walletId,
            at: now(),
          });
          return claimView(released, displayPhone(released.phone));
        },
      });
    },

    /** The worker's sweep: overdue claims returned, and claims whose phone's owner may receive now. */
    async sweep(): Promise<{ returned: number; claimed: number }> {
      const due = await deps.db.withClient((c) => claimsSql.due(c, now(), SWEEP_LIMIT));
      let returned = 0;
      for (const d of due) if ((await returnIfDue(d.merchantId, d.id)) === "RETURNED") returned++;
      const phones = await deps.db.withClient((c) => claimsSql.heldPhones(c, SWEEP_LIMIT));
      let claimed = 0;
      for (const p of phones) {
        const customerId = await deps.customers.findConfirmedIdByPhone(p.merchantId, p.phone);
        if (customerId) claimed += await deliverTo(p.merchantId, customerId);
      }
      return { returned, claimed };
    },

    /**
     * The text of an event: to the invited phone (INVITE, and RECEIVED once it is claimed: the
     * receiver's first word of the money), or to the sender (CLAIMED, RETURNED).
     */
    async text(merchantId: string, id: string, event: ClaimTextEvent): Promise<void> {
      const row = await read(merchantId, id);
      if (!row) return;
      const [merchant, sender] = await Promise.all([
        deps.merchants.merchantById(merchantId, "merchantId"),
        deps.customers.getCustomer(merchantId, row.senderId),
      ]);
      const from = sender.firstName
        ? `${sender.firstName}${sender.lastName ? ` ${sender.lastName[0]}.` : ""}`
        : maskPhone(sender.phone);
      if (event === "INVITE") {
        const link = `${deps.merchants.customerFacingOrigin(merchant, undefined)}/sign-up`;
        await deps.sms.send({
          merchantId,
          phone: row.phone,
          body: claimTexts.invite(row, { merchantTitle: merchant.title, from, link }),
        });
        return;
      }
      if (event === "RECEIVED") {
        await deps.sms.send({
          merchantId,
          phone: row.phone,
          body: claimTexts.RECEIVED(row, { merchantTitle: merchant.title, from }),
        });
        return;
      }
      await deps.sms.send({
        merchantId,
        phone: sender.phone,
        body: claimTexts[event](row, { to: displayPhone(row.phone) }),
      });
    },

    /**
     * Of these ledger operations, those that gave a claim back to its sender (returned,
     * cancelled), with the phone the sender sent to, in full: the statement's words for them.
     */
    async releasesOf(q: { merchantId: string; senderId: string; operationIds: string[] }) {
      const rows = await deps.db.withClient((c) => claimsSql.releasedBy(c, q));
      return new Map(
        rows.map((r) => [
          r.operationId,
          { status: r.status as "RETURNED" | "CANCELLED", phone: displayPhone(r.phone) },
        ]),
      );
    },

    /** Sandbox: the claim's clock moves on by `days`, then what fell due happens, as the worker would. */
    async moveClock(merchantId: string, id: string, days: number): Promise<ClaimView> {
      const moved = await deps.db.withClient((c) => claimsSql.moveBack(c, merchantId, id, days));
      if (!moved) throw claimErrors.create("CLAIM_NOT_FOUND", ON_ID);
      await returnIfDue(merchantId, id);
      // The sandbox's call names no customer: the phone stays masked.
      const row = (await read(merchantId, id)) ?? moved;
      return claimView(row, maskPhone(row.phone));
    },
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;
