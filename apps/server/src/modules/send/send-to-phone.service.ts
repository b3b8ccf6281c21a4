import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame, keyOf } from "../../app/money-use-case.ts";
import type { ClientSource } from "../../db/transaction.ts";
import { parseOfferedAmount } from "../../http/amount-input.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { VerifiedClaims } from "../auth/auth.types.ts";
import type { CustomersService } from "../customers/customers.service.ts";
import { maskPhone } from "../customers/customers.service.ts";
import { type HistoryService, money } from "../history/history.service.ts";
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
          return {
            ...parties,
            limit: await limits.prepare(check),
            operationId: uuidv7(),
            transferId: uuidv7(),
            fromPhone: maskPhone(parties.senderPhone),
            toPhone: maskPhone(input.phone),
            amount: toDecimalString(minor, currency),
          };
        },
        limit: (p) => ({ limit: p.limit, reference: input.idempotencyKey }),
        move: (tx, p) =>
          ledger.apply(tx, {
            merchantId: merchant.id,
            operationId: p.operationId,
            idempotencyKey: input.idempotencyKey,
            requestHash: input.requestHash,
            kind: "transfer_mobile",
            legs: [
              {
                id: p.transferId,
                debit: { accountId: p.fromId },
                credit: { accountId: p.toId },
                amount: minor,
                currency,
              },
            ],
            metadata: { senderId: p.senderId, recipientId: p.recipientId, amount: p.amount, currency },
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
                recipient: p.toPhone,
                status: "COMPLETED",
                createdAt: new Date().toISOString(),
              },
            },
          }),
        record: (tx, p) => {
          const entry = {
            merchantId: merchant.id,
            operationId: p.operationId,
            type: "SEND_TO_PHONE" as const,
            status: "COMPLETED" as const,
            currency,
            amount: minor,
            fee: 0n,
          };
          const { fromPhone, toPhone } = p;
          const details = { fromAddress: null, fromPhone, toPhone, amount: money(minor, currency) };
          return deps.history.record(tx, [
            { ...entry, customerId: p.senderId, direction: "OUT", counterparty: toPhone, details },
            { ...entry, customerId: p.recipientId, direction: "IN", counterparty: fromPhone, details },
          ]);
        },
      });
    },
  };
}
