import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { type ClientSource, inTransaction } from "../../db/transaction.ts";
import { parseOfferedAmount } from "../../http/amount-input.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { VerifiedClaims } from "../auth/tokens.ts";
import type { CustomersService } from "../customers/customers.service.ts";
import { maskPhone } from "../customers/phone.ts";
import { type HistoryService, money } from "../history/history.service.ts";
import { ledgerErrors } from "../ledger/ledger.errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { OperationOutcome } from "../ledger/ledger.types.ts";
import type { Merchant } from "../merchants/merchants.service.ts";
import type { WalletsService } from "../wallets/wallets.service.ts";
import { sendErrors } from "./send.errors.ts";
import type { SendLimits } from "./send-limits.ts";

export type SendToPhoneInput = {
  merchant: Merchant;
  /** The sender's access token's claims: who sends, in which session (phone: older tokens lack it). */
  sender: Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId" | "phone">;
  phone: string;
  amount: string;
  currency: string;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * TRANSFER_MOBILE: money to another customer of the same merchant by phone, free and instant,
 * once per key, within the sender's KYC limits, in both parties' histories (each sees the
 * other's phone masked). One transaction: the session, the limit, the money and the history
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
}) {
  const { ledger, limits } = deps;

  /** Who sends from which wallet to whom: refused with the field to blame. */
  async function resolveParties(input: SendToPhoneInput, currency: CurrencyCode) {
    const senderId = input.sender.customerId;
    const merchantId = input.merchant.id;
    const [recipientId, senderPhone] = await Promise.all([
      deps.customers.findConfirmedIdByPhone(merchantId, input.phone),
      input.sender.phone ?? deps.customers.getCustomer(merchantId, senderId).then((c) => c.phone),
    ]);
    if (!recipientId) throw sendErrors.create("RECIPIENT_NOT_FOUND", { field: "phone" });
    if (recipientId === senderId) throw sendErrors.create("CANNOT_SEND_TO_SELF", { field: "phone" });
    const wallets = await deps.wallets.findWalletIds(merchantId, [senderId, recipientId], currency);
    const fromId = wallets.get(senderId);
    if (!fromId) throw sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
    const toId =
      wallets.get(recipientId) ?? (await deps.wallets.ensureWallet(merchantId, recipientId, currency)).id;
    return { senderId, recipientId, fromId, toId, senderPhone };
  }

  return {
    async send(input: SendToPhoneInput): Promise<OperationOutcome> {
      const { merchant } = input;
      const { currency, amount: minor } = parseOfferedAmount(merchant, input.currency, input.amount);
      const key = {
        merchantId: merchant.id,
        idempotencyKey: input.idempotencyKey,
        requestHash: input.requestHash,
      };
      try {
        const { senderId, recipientId, fromId, toId, senderPhone } = await resolveParties(input, currency);
        const amount = toDecimalString(minor, currency);
        // Ids and time are made here, so the response is known before the write; a replay
        // returns this same body.
        const operationId = uuidv7();
        const transferId = uuidv7();
        const fromPhone = maskPhone(senderPhone);
        const toPhone = maskPhone(input.phone);
        const check = {
          merchant,
          customerId: senderId,
          operationType: "TRANSFER_MOBILE" as const,
          currency,
          amount: minor,
        };
        const limit = await limits.prepare(check);
        return await inTransaction(deps.db, async (tx) => {
          await deps.auth.requireLiveSession(tx, input.sender);
          // The limit's usage is recorded under the idempotency key: a replay records nothing new.
          await limit.consume(tx, input.idempotencyKey);
          const outcome = await ledger.apply(tx, {
            merchantId: merchant.id,
            operationId,
            idempotencyKey: input.idempotencyKey,
            requestHash: input.requestHash,
            kind: "transfer_mobile",
            legs: [
              {
                id: transferId,
                debit: { accountId: fromId },
                credit: { accountId: toId },
                amount: minor,
                currency,
              },
            ],
            metadata: { senderId, recipientId, amount, currency },
            response: {
              statusCode: 200,
              body: {
                txId: operationId,
                sequenceId: transferId,
                fee: toDecimalString(0n, currency),
                internal: true,
                sendConfirmation: false,
                amount,
                currency,
                recipient: toPhone,
                status: "COMPLETED",
                createdAt: new Date().toISOString(),
              },
            },
          });
          if (outcome.replayed) return outcome;
          const entry = {
            merchantId: merchant.id,
            operationId,
            type: "SEND_TO_PHONE" as const,
            status: "COMPLETED" as const,
            currency,
            amount: minor,
            fee: 0n,
          };
          const details = { fromAddress: null, fromPhone, toPhone, amount: money(minor, currency) };
          await deps.history.record(tx, [
            { ...entry, customerId: senderId, direction: "OUT", counterparty: toPhone, details },
            { ...entry, customerId: recipientId, direction: "IN", counterparty: fromPhone, details },
          ]);
          return outcome;
        });
      } catch (err) {
        if (ledgerErrors.is(err, "INSUFFICIENT_FUNDS"))
          throw sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
        // Refused before the money moved (the recipient, the catalog, a limit): a retry of a send
        // that went through still gets its stored answer.
        const stored = await ledger.findStoredOutcome(key);
        if (stored) return stored;
        throw err;
      }
    },
  };
}
