import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { parseOfferedAmount } from "../../http/amount-input.ts";
import { AppError, commonErrors } from "../../http/app-error.ts";
import type { CustomersService } from "../customers/index.ts";
import type { Merchant } from "../merchants/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { sendErrors } from "./send.errors.ts";
import type { SendDestinations } from "./send-destination.ts";
import { type FeeBreakdown, feesFor, feeView, minimumWithdrawal } from "./send-fees.ts";
import type { SendLimits } from "./send-limits.ts";

export type PreviewInput = {
  merchant: Merchant;
  senderId: string;
  currency: string;
  amount: string;
  address?: string | undefined;
  phone?: string | undefined;
  /** A phone that is nobody's yet may be invited (validate: the send would say invite: true). */
  invite?: boolean | undefined;
};

/**
 * What a send would cost and whether it would go through, before the customer confirms: the
 * fee call (GET /v1/wallet/send/fee/{currency}) and the validate call. Nothing is recorded.
 */
export function createSendPreview(deps: {
  wallets: Pick<WalletsService, "findWallet">;
  customers: Pick<CustomersService, "findByPhone">;
  destinations: SendDestinations;
  limits: SendLimits;
}) {
  /**
   * The destination's fees; throws the refusal a send would get (404 recipient, 400 address...).
   * A phone that is nobody's yet is free too (the money waits for its owner): `invite` says so.
   */
  async function quote(
    p: PreviewInput & { currency: CurrencyCode; minor: bigint; inviteAllowed: boolean },
  ): Promise<FeeBreakdown & { invite: boolean }> {
    if (p.address !== undefined && p.phone !== undefined) {
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
        field: "address",
        message: "address: give either address or phone",
      });
    }
    if (p.address !== undefined) {
      const destination = await deps.destinations.resolve(p.merchant, p.senderId, p.currency, p.address);
      return { ...deps.destinations.fees(destination, p.minor), invite: false };
    }
    if (p.phone === undefined) {
      throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
        field: "address",
        message: "address or phone: is required",
      });
    }
    const recipient = await deps.customers.findByPhone(p.merchant.id, p.phone);
    if (recipient?.id === p.senderId) throw sendErrors.create("CANNOT_SEND_TO_SELF", { field: "phone" });
    const invite = !recipient?.phoneConfirmed;
    if (invite && !p.inviteAllowed) throw sendErrors.create("RECIPIENT_NOT_FOUND", { field: "phone" });
    return { ...feesFor(p.currency, p.minor, "INTERNAL", 0n), invite };
  }

  return {
    async fee(p: PreviewInput) {
      const { currency, amount } = parseOfferedAmount(p.merchant, p.currency, p.amount);
      const fees = await quote({ ...p, currency, minor: amount, inviteAllowed: true });
      // `invite` is a phone's answer only (an address is never a stranger's to invite).
      return { ...feeView(currency, fees, true), ...(p.phone !== undefined ? { invite: fees.invite } : {}) };
    },

    /** Every check of a send, answered as possibleToExecute and a reason instead of an error. */
    async validate(p: PreviewInput) {
      const { currency, amount } = parseOfferedAmount(p.merchant, p.currency, p.amount);
      const dec = (v: bigint) => toDecimalString(v, currency);
      let fees: FeeBreakdown | undefined;
      const answer = (reason?: AppError) => ({
        possibleToExecute: reason === undefined,
        blockedAmount: { value: dec(amount + (fees?.total ?? 0n)), currency },
        transactionType: fees?.transactionType ?? null,
        fee: fees ? feeView(currency, fees, reason === undefined) : null,
        ...(reason
          ? {
              reason: typeof reason.data?.reason === "string" ? reason.data.reason : reason.code,
              message: reason.message,
              ...(reason.field ? { field: reason.field } : {}),
            }
          : {}),
      });
      try {
        fees = await quote({ ...p, currency, minor: amount, inviteAllowed: p.invite === true });
        if (fees.transactionType === "EXTERNAL" && amount < minimumWithdrawal(currency)) {
          const minimum = `${dec(minimumWithdrawal(currency))} ${currency}`;
          return answer(
            sendErrors.create("BELOW_MINIMUM", { field: "amount", message: `The minimum is ${minimum}.` }),
          );
        }
        const wallet = await deps.wallets.findWallet(p.merchant.id, p.senderId, currency);
        if (!wallet || wallet.available < amount + fees.total) {
          return answer(sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" }));
        }
        const operationType = p.address !== undefined ? "PAYOUT_CRYPTO" : "TRANSFER_MOBILE";
        await deps.limits.assertAllowed({
          merchant: p.merchant,
          customerId: p.senderId,
          operationType,
          currency,
          amount,
        });
        return answer();
      } catch (err) {
        // A malformed request stays an error; a send that would be refused is an answer.
        if (err instanceof AppError && !commonErrors.is(err, "NOT_VALID_REQUEST_DATA")) return answer(err);
        throw err;
      }
    },
  };
}
