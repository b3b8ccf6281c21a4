import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createBoundedCache } from "../../bounded-cache.ts";
import type { SessionGuard } from "../auth/auth.service.ts";
import type { VerifiedClaims } from "../auth/tokens.ts";
import type { CustomersService } from "../customers/customers.service.ts";
import { maskPhone } from "../customers/phone.ts";
import type { KycState } from "../kyc/kyc-limits.ts";
import { ledgerErrors } from "../ledger/ledger.errors.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import type { OperationOutcome } from "../ledger/ledger.types.ts";
import type { Merchant } from "../merchants/merchants.service.ts";
import type { WalletsService } from "../wallets/wallets.service.ts";
import { sendErrors } from "./send.errors.ts";
import { parseSendAmount } from "./send-input.ts";
import type { SendLimits } from "./send-limits.ts";

export type SendToPhoneInput = {
  merchant: Merchant;
  senderId: string;
  /** The sender's access token's claims (older tokens lack phone and status): saves reading their row. */
  senderClaims?: Pick<VerifiedClaims, "phone" | "kycLevel" | "kycStatus">;
  /**
   * The sender's session, when its check is left to this send: its companion goes first in the
   * transfer's statement; it is checked on its own before a wallet is opened or a stored answer
   * given. Without it, the caller checked the session already.
   */
  session?: Pick<SessionGuard, "companion" | "assertLive">;
  phone: string;
  amount: string;
  currency: string;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * TRANSFER_MOBILE: money to another customer of the same merchant by phone, free and instant,
 * once per key, within the sender's KYC limits, in both parties' histories (each sees the
 * other's phone masked: the history reads the send from its ledger operation).
 */
export function createSendToPhone(deps: {
  ledger: LedgerService;
  wallets: Pick<WalletsService, "findWalletIds" | "ensureWallet">;
  customers: Pick<CustomersService, "findConfirmedIdByPhone" | "getCustomer">;
  limits: SendLimits;
}) {
  const { ledger, limits } = deps;
  // A customer's phone never changes (it is their sign-in): the sender's, for the recipient's
  // history, comes from their token, else is read once per instance. The KYC state of the token
  // or of that row is the limits' first guess (checked under the customer's lock).
  const phones = createBoundedCache<string, string>({ max: 100_000 });
  const senderOf = async (
    merchantId: string,
    customerId: string,
    claims: SendToPhoneInput["senderClaims"],
  ) => {
    const known = phones.get(customerId) ?? claims?.phone;
    if (known) {
      return {
        phone: known,
        mirror: claims?.kycStatus ? mirrorOf(claims.kycLevel, claims.kycStatus) : undefined,
      };
    }
    const row = await deps.customers.getCustomer(merchantId, customerId);
    phones.set(customerId, row.phone);
    return { phone: row.phone, mirror: mirrorOf(row.kycLevel, row.kycStatus) };
  };
  /** Who sends from which wallet to whom: refused with the field to blame. */
  async function resolveParties(input: SendToPhoneInput, currency: CurrencyCode) {
    const { senderId } = input;
    const merchantId = input.merchant.id;
    const [recipientId, sender] = await Promise.all([
      deps.customers.findConfirmedIdByPhone(merchantId, input.phone),
      senderOf(merchantId, senderId, input.senderClaims),
    ]);
    if (!recipientId) throw sendErrors.create("RECIPIENT_NOT_FOUND", { field: "phone" });
    if (recipientId === senderId) throw sendErrors.create("CANNOT_SEND_TO_SELF", { field: "phone" });
    // Both wallets in one lookup (none when both ids are cached).
    const wallets = await deps.wallets.findWalletIds(merchantId, [senderId, recipientId], currency);
    const fromId = wallets.get(senderId);
    if (!fromId) throw sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
    let toId = wallets.get(recipientId);
    if (!toId) {
      await input.session?.assertLive(); // nothing opens for a session that has ended
      toId = (await deps.wallets.ensureWallet(merchantId, recipientId, currency)).id;
    }
    return { recipientId, fromId, toId, senderPhone: sender.phone, senderMirror: sender.mirror };
  }

  return {
    async send(input: SendToPhoneInput): Promise<OperationOutcome> {
      const { merchant } = input;
      const { currency, amount: minor } = parseSendAmount(merchant, input.currency, input.amount);
      const key = {
        merchantId: merchant.id,
        idempotencyKey: input.idempotencyKey,
        requestHash: input.requestHash,
      };
      // A retry meets the stored outcome in the ledger's write below, which claims the key
      // first. Only when a check before it refuses is the key looked up here: a retry gets its
      // stored answer even if, say, the send would be refused now.
      const storedOutcome = async () => {
        await input.session?.assertLive(); // a stored answer only to a live session
        return ledger.findStoredOutcome(key);
      };
      let parties: Awaited<ReturnType<typeof resolveParties>>;
      try {
        parties = await resolveParties(input, currency);
      } catch (err) {
        const stored = await storedOutcome();
        if (stored) return stored;
        throw err;
      }
      const { recipientId, fromId, toId, senderPhone, senderMirror } = parties;
      const amount = toDecimalString(minor, currency);
      // Ids and time are made here, so the response is known before the write; a replay
      // returns this same body. The operation id is also the limit usage's reference.
      const operationId = uuidv7();
      const transferId = uuidv7();
      const check = {
        merchant,
        customerId: input.senderId,
        operationType: "TRANSFER_MOBILE" as const,
        currency,
        amount: minor,
      };
      try {
        // The limit usage and both histories are written by the transfer's own statement.
        return await limits.withUsage(
          check,
          operationId,
          (usage) =>
            ledger.applyOperation({
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
              // Both parties' history reads the send from here (history_items, migration 0020).
              metadata: {
                senderId: input.senderId,
                recipientId,
                amount,
                currency,
                fromPhone: maskPhone(senderPhone),
                toPhone: maskPhone(input.phone),
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
              companions: input.session ? [input.session.companion, usage.companion] : [usage.companion],
            }),
          senderMirror,
        );
      } catch (err) {
        if (ledgerErrors.is(err, "INSUFFICIENT_FUNDS"))
          throw sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
        // Refused before the ledger's write (e.g. by the catalog): a retry still gets its answer.
        const stored = await storedOutcome();
        if (stored) return stored;
        throw err;
      }
    },
  };
}

/** Level and status as a token or a customer row holds them (text): only a guess, checked in SQL. */
const mirrorOf = (level: string, status: string) => ({ level, status }) as KycState;
