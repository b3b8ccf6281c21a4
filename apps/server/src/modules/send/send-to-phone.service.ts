import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame, keyOf } from "../../app/money-use-case.ts";
import type { ClientSource } from "../../db/transaction.ts";
import { parseOfferedAmount } from "../../http/amount-input.ts";
import type { AuthService, VerifiedClaims } from "../auth/index.ts";
import type { ClaimsService } from "../claims/index.ts";
import { type CustomersService, displayPhone, maskPhone } from "../customers/index.ts";
import { type HistoryService, money } from "../history/index.ts";
import type { LedgerService, OperationOutcome } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { sendErrors } from "./send.errors.ts";
import type { SendLimits } from "./send-limits.ts";

export type SendToPhoneInput = {
  merchant: Merchant;
  /** The sender's access token's claims: who sends, in which session (phone: older tokens lack it). */
  sender: Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId" | "phone">;
  phone: string;
  /** The phone may be nobody's yet: then hold the money for them and text an invite (a claimable transfer). */
  invite?: boolean | undefined;
  amount: string;
  currency: string;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * TRANSFER_MOBILE: money to another customer of the same merchant by phone, free and instant,
 * once per key, within the sender's KYC limits, in both parties' histories (each sees the
 * other's phone masked). To a phone that is nobody's yet (with `invite`), the same send holds
 * the money in `claims_held` for its owner to claim (modules/claims, docs/send.md). One transaction: the session, the limit, the money and the history
 * commit together or not at all (docs/send.md).
 */
export function createSendToPhone(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "findWalletIds" | "ensureWallet">;
  customers: Pick<CustomersService, "findConfirmedIdByPhone" | "getCustomer">;
  history: Pick<HistoryService, "record">;
  limits: SendLimits;
  claims: Pick<ClaimsService, "hold" | "expiryOf">;
}) {
  const { ledger, limits } = deps;

  /**
   * Who sends from which wallet to whom: refused with the field to blame. A phone that is nobody's
   * yet, with `invite`, is an invitee: the money goes to the merchant's `claims_held` account.
   */
  async function resolveParties(input: SendToPhoneInput, currency: CurrencyCode) {
    const senderId = input.sender.customerId;
    const merchantId = input.merchant.id;
    const [recipientId, senderPhone] = await Promise.all([
      deps.customers.findConfirmedIdByPhone(merchantId, input.phone),
      input.sender.phone ?? deps.customers.getCustomer(merchantId, senderId).then((c) => c.phone),
    ]);
    if (recipientId === senderId || input.phone === senderPhone)
      throw sendErrors.create("CANNOT_SEND_TO_SELF", { field: "phone" });
    if (!recipientId && !input.invite) throw sendErrors.create("RECIPIENT_NOT_FOUND", { field: "phone" });
    const wallets = await deps.wallets.findWalletIds(
      merchantId,
      recipientId ? [senderId, recipientId] : [senderId],
      currency,
    );
    const fromId = wallets.get(senderId);
    if (!fromId) throw sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
    if (!recipientId) {
      await ledger.ensureHouseAccounts({ merchantId, currency });
      return { senderId, recipientId: undefined, fromId, toId: undefined, senderPhone };
    }
    const toId =
      wallets.get(recipientId) ?? (await deps.wallets.ensureWallet(merchantId, recipientId, currency)).id;
    return { senderId, recipientId, fromId, toId, senderPhone };
  }

  const frame = createMoneyFrame(deps);

  return {
    send(input: SendToPhoneInput): Promise<OperationOutcome> {
      const { merchant } = input;
      const { currency, amount: minor } = parseOfferedAmount(merchant, input.currency, input.amount);
      return frame({
        session: input.sender,
        key: keyOf(merchant.id, input),
        insufficientFunds: () => sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" }),
        prepare: async () => {
          const parties = await resolveParties(input, currency);
          const check = {
            merchant,
            customerId: parties.senderId,
            operationType: "TRANSFER_MOBILE" as const,
            currency,
            amount: minor,
          };
          // Ids and time are made here, so the response is known before the write; a replay
          // returns this same body.
          const at = new Date();
          return {
            ...parties,
            limit: await limits.prepare(check),
            operationId: uuidv7(),
            transferId: uuidv7(),
            // The sender reads the number they typed in full; the recipient reads the sender's
            // masked (docs/send.md "Whose number is masked").
            senderInFull: displayPhone(parties.senderPhone),
            senderMasked: maskPhone(parties.senderPhone),
            recipientInFull: displayPhone(input.phone),
            amount: toDecimalString(minor, currency),
            at,
            // An invitee's money waits for them until then (docs/send.md).
            claim: parties.toId
              ? undefined
              : { status: "HELD", expiresAt: deps.claims.expiryOf(at).toISOString() },
          };
        },
        limit: (p) => ({ limit: p.limit, reference: input.idempotencyKey }),
        move: (tx, p) =>
          ledger.apply(tx, {
            merchantId: merchant.id,
            operationId: p.operationId,
            idempotencyKey: input.idempotencyKey,
            requestHash: input.requestHash,
            kind: p.claim ? "transfer_mobile_held" : "transfer_mobile",
            legs: [
              {
                id: p.transferId,
                debit: { accountId: p.fromId },
                credit: p.toId ? { accountId: p.toId } : { house: "claims_held" },
                amount: minor,
                currency,
              },
            ],
            metadata: {
              senderId: p.senderId,
              recipientId: p.recipientId ?? null,
              amount: p.amount,
              currency,
            },
            response: {
              statusCode: 200,
              body: {
                txId: p.operationId,
                sequenceId: p.transferId,
                fee: toDecimalString(0n, currency),
                internal: true,
                sendConfirmation: false,
                amount: p.amount,
                currency,
                recipient: p.recipientInFull,
                status: p.claim ? "PENDING" : "COMPLETED",
                createdAt: p.at.toISOString(),
                ...(p.claim ? { claim: p.claim } : {}),
              },
            },
          }),
        record: async (tx, p) => {
          const entry = {
            merchantId: merchant.id,
            operationId: p.operationId,
            type: "SEND_TO_PHONE" as const,
            status: p.claim ? ("PENDING" as const) : ("COMPLETED" as const),
            currency,
            amount: minor,
            fee: 0n,
          };
          const amount = money(minor, currency);
          const toPhone = p.recipientInFull;
          const details = { fromAddress: null, fromPhone: p.senderInFull, toPhone, amount };
          if (!p.recipientId) {
            await deps.claims.hold(tx, {
              merchantId: merchant.id,
              id: p.operationId,
              senderId: p.senderId,
              phone: input.phone,
              currency,
              amount: minor,
              at: p.at,
            });
            const claim = {
              id: p.operationId,
              status: "HELD",
              expiresAt: p.claim?.expiresAt ?? null,
              updatedAt: p.at.toISOString(),
            };
            return deps.history.record(tx, [
              {
                ...entry,
                customerId: p.senderId,
                direction: "OUT",
                counterparty: toPhone,
                details: { ...details, claim },
              },
            ]);
          }
          return deps.history.record(tx, [
            { ...entry, customerId: p.senderId, direction: "OUT", counterparty: toPhone, details },
            {
              ...entry,
              customerId: p.recipientId,
              direction: "IN",
              counterparty: p.senderMasked,
              details: { ...details, fromPhone: p.senderMasked },
            },
          ]);
        },
      });
    },
  };
}
