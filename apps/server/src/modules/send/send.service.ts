import { type CurrencyCode, isCurrencyCode, parseAmount, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { commonErrors } from "../../http/app-error.ts";
import type { CustomersService } from "../customers/customers.service.ts";
import { maskPhone } from "../customers/phone.ts";
import { ledgerErrors } from "../ledger/ledger.errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { OperationOutcome } from "../ledger/ledger.types.ts";
import type { Merchant } from "../merchants/merchants.service.ts";
import type { WalletsService } from "../wallets/wallets.service.ts";
import { sendErrors } from "./send.errors.ts";

export type SendToPhoneInput = {
  merchant: Merchant;
  senderId: string;
  phone: string;
  amount: string;
  currency: string;
  idempotencyKey: string;
  requestHash: string;
};

const REASON_TEXT: Record<string, string> = {
  empty: "is required",
  malformed: "must be a decimal number like 12.50",
  negative: "must be positive",
  zero: "must be more than zero",
  too_many_decimals: "has too many decimal places for this currency",
  too_many_integer_digits: "is too large",
};

/** Sending money to another customer of the same merchant by phone: free, instant, once per key. */
export function createSendService(deps: {
  ledger: LedgerService;
  wallets: WalletsService;
  customers: CustomersService;
}) {
  return {
    async sendToPhone(input: SendToPhoneInput): Promise<OperationOutcome> {
      const { merchant } = input;
      if (!isCurrencyCode(input.currency) || !merchant.currencies.includes(input.currency)) {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "currency",
          message: "currency: is not offered",
        });
      }
      const currency: CurrencyCode = input.currency;
      const parsed = parseAmount(input.amount, currency, { allowZero: false });
      if (!parsed.ok) {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "amount",
          message: `amount: ${REASON_TEXT[parsed.reason]}`,
        });
      }
      const [recipientId, fromId] = await Promise.all([
        deps.customers.findConfirmedIdByPhone(merchant.id, input.phone),
        deps.wallets.findWalletId(merchant.id, input.senderId, currency),
      ]);
      if (!recipientId) throw sendErrors.create("RECIPIENT_NOT_FOUND", { field: "phone" });
      if (recipientId === input.senderId) throw sendErrors.create("CANNOT_SEND_TO_SELF", { field: "phone" });
      if (!fromId) throw sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
      const toId =
        (await deps.wallets.findWalletId(merchant.id, recipientId, currency)) ??
        (await deps.wallets.ensureWallet(merchant.id, recipientId, currency)).id;
      const amount = toDecimalString(parsed.minor, currency);
      // Ids and time are made here, so the response is known before the write and the whole
      // operation is one statement (the ledger's fast path); a replay returns this same body.
      const operationId = uuidv7();
      const transferId = uuidv7();
      const leg = {
        id: transferId,
        debit: { accountId: fromId },
        credit: { accountId: toId },
        amount: parsed.minor,
        currency,
      };
      try {
        return await deps.ledger.applyOperation({
          merchantId: merchant.id,
          operationId,
          idempotencyKey: input.idempotencyKey,
          requestHash: input.requestHash,
          kind: "transfer_mobile",
          legs: [leg],
          metadata: {
            senderId: input.senderId,
            recipientId,
            recipientPhone: input.phone,
            amount,
            currency,
          },
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
              recipient: maskPhone(input.phone),
              status: "COMPLETED",
              createdAt: new Date().toISOString(),
            },
          },
        });
      } catch (err) {
        if (ledgerErrors.is(err, "INSUFFICIENT_FUNDS"))
          throw sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
        throw err;
      }
    },
  };
}

export type SendService = ReturnType<typeof createSendService>;
