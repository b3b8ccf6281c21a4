import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame, keyOf } from "../../app/money-use-case.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import { parseOfferedAmount } from "../../http/amount-input.ts";
import type { AuthService, VerifiedClaims } from "../auth/index.ts";
import type { CryptoWithdrawals, DepositAddresses } from "../crypto/index.ts";
import { type CustomersService, maskPhone } from "../customers/index.ts";
import { type HistoryService, money, shortenAddress } from "../history/index.ts";
import type { Account, LedgerService, OperationOutcome } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import type { WalletsService } from "../wallets/index.ts";
import { sendErrors } from "./send.errors.ts";
import type { SendConfirmation } from "./send-confirmation.ts";
import type { AddressDestination, SendDestinations } from "./send-destination.ts";
import { type FeeBreakdown, minimumWithdrawal } from "./send-fees.ts";
import { parseQuotedFee } from "./send-input.ts";
import type { SendLimits } from "./send-limits.ts";

export type SendToAddressInput = {
  merchant: Merchant;
  /** The sender's access token's claims: who sends, in which session. */
  sender: Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId">;
  address: string;
  amount: string;
  currency: string;
  fee: string | undefined;
  confirmationCode: string | undefined;
  ip: string;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * PAYOUT_CRYPTO: a send to an address. To a customer of the same merchant it is an instant,
 * free ledger transfer; to anyone else a withdrawal that stays PENDING until the chain
 * confirms. Once per Idempotency-Key, in one transaction: the session, the limit's usage, the
 * money, the withdrawal and the history commit together or not at all.
 */
export function createSendToAddress(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "requireLiveSession">;
  ledger: LedgerService;
  wallets: Pick<WalletsService, "findWallet" | "ensureWallet">;
  customers: Pick<CustomersService, "getCustomer">;
  addresses: Pick<DepositAddresses, "addressFor">;
  destinations: SendDestinations;
  withdrawals: CryptoWithdrawals;
  history: HistoryService;
  limits: SendLimits;
  confirmation: SendConfirmation;
}) {
  const { ledger, limits } = deps;
  const frame = createMoneyFrame(deps);

  return {
    send(input: SendToAddressInput): Promise<OperationOutcome> {
      const { merchant } = input;
      const senderId = input.sender.customerId;
      const { currency, amount } = parseOfferedAmount(merchant, input.currency, input.amount);
      const quoted = parseQuotedFee(currency, input.fee);
      const key = keyOf(merchant.id, input);
      return frame({
        session: input.sender,
        key,
        // Checks below text a code and open accounts: a replay is answered before them.
        replayFirst: true,
        insufficientFunds: () => sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" }),
        prepare: async () => {
          const destination = await deps.destinations.resolve(merchant, senderId, currency, input.address);
          const fees = deps.destinations.fees(destination, amount);
          if (destination.transactionType === "EXTERNAL" && amount < minimumWithdrawal(currency)) {
            const minimum = toDecimalString(minimumWithdrawal(currency), currency);
            throw sendErrors.create("BELOW_MINIMUM", { field: "amount", data: { minimum, currency } });
          }
          // A network whose fee moves (EVM gas) can charge more than the minimum: never send less than it costs.
          if (destination.transactionType === "EXTERNAL" && fees.networkFee >= amount) {
            const networkFee = toDecimalString(fees.networkFee, currency);
            throw sendErrors.create("FEE_ABOVE_AMOUNT", { field: "amount", data: { networkFee, currency } });
          }
          // The customer never pays more than the fee they were shown.
          if (quoted !== undefined && fees.total > quoted) {
            throw sendErrors.create("FEE_CHANGED", {
              field: "fee",
              data: { fee: toDecimalString(fees.total, currency) },
            });
          }
          const wallet = await deps.wallets.findWallet(merchant.id, senderId, currency);
          // Checked again, atomically, by the ledger: this only spares an SMS and a limit record.
          if (!wallet || wallet.available < amount + fees.total) {
            throw sendErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
          }
          const check = {
            merchant,
            customerId: senderId,
            operationType: "PAYOUT_CRYPTO" as const,
            currency,
            amount,
          };
          const sender = await deps.customers.getCustomer(merchant.id, senderId);
          const sendConfirmation = deps.confirmation.required(merchant, limits.inFiat(check));
          if (sendConfirmation) {
            if (!input.confirmationCode) {
              await limits.assertAllowed(check);
              await deps.confirmation.requestCode({ merchant, phone: sender.phone, ip: input.ip });
            } else {
              await deps.confirmation.verify({ merchant, phone: sender.phone, code: input.confirmationCode });
            }
          }
          const fromAddress =
            (await deps.addresses.addressFor(merchant.id, senderId, destination.network.chain)) ?? null;
          const limit = await limits.prepare(check);
          // Accounts are opened before the transaction: it never waits for another connection.
          const recipientWalletId =
            destination.recipientId === null
              ? null
              : (await deps.wallets.ensureWallet(merchant.id, destination.recipientId, currency)).id;
          if (recipientWalletId === null)
            await deps.ledger.ensureHouseAccounts({ merchantId: merchant.id, currency });
          return {
            destination,
            fees,
            wallet,
            sender,
            sendConfirmation,
            fromAddress,
            limit,
            recipientWalletId,
          };
        },
        // Recorded under the idempotency key: a replay records nothing new, and a chain failure
        // later releases it (crypto-withdrawals).
        limit: (p) => ({ limit: p.limit, reference: input.idempotencyKey }),
        move: (tx, p) => {
          const { destination, wallet, fees, fromAddress, sendConfirmation, recipientWalletId } = p;
          const operationId = uuidv7();
          return destination.recipientId === null || recipientWalletId === null
            ? deps.withdrawals.start(tx, {
                ...key,
                withdrawalId: operationId,
                customerId: senderId,
                wallet,
                network: destination.network,
                toAddress: destination.address,
                fromAddress,
                amount,
                networkFee: fees.networkFee,
                serviceFee: fees.serviceFee,
                sendConfirmation,
                limitReference: input.idempotencyKey,
              })
            : internalTransfer(tx, {
                ...input,
                senderId,
                currency,
                amount,
                wallet,
                fees,
                fromAddress,
                sendConfirmation,
                operationId,
                recipientWalletId,
                destination,
                recipientId: destination.recipientId,
                senderPhone: p.sender.phone,
              });
        },
      });
    },
  };

  /** To another customer's deposit address: one posted transfer, both histories, no fee. */
  async function internalTransfer(
    tx: Tx,
    p: {
      merchant: Merchant;
      senderId: string;
      recipientId: string;
      recipientWalletId: string;
      senderPhone: string;
      operationId: string;
      wallet: Account;
      currency: CurrencyCode;
      amount: bigint;
      fees: FeeBreakdown;
      destination: AddressDestination;
      fromAddress: string | null;
      sendConfirmation: boolean;
      idempotencyKey: string;
      requestHash: string;
    },
  ): Promise<OperationOutcome> {
    const { merchant, currency, amount, destination } = p;
    const transferId = uuidv7();
    const zero = money(0n, currency);
    const entry = {
      merchantId: merchant.id,
      operationId: p.operationId,
      status: "COMPLETED" as const,
      currency,
      amount,
      fee: 0n,
    };
    const outcome = await ledger.apply(tx, {
      merchantId: merchant.id,
      operationId: p.operationId,
      idempotencyKey: p.idempotencyKey,
      requestHash: p.requestHash,
      kind: "payout_crypto_internal",
      legs: [
        {
          id: transferId,
          debit: { accountId: p.wallet.id },
          credit: { accountId: p.recipientWalletId },
          amount,
          currency,
        },
      ],
      metadata: { senderId: p.senderId, recipientId: p.recipientId, toAddress: destination.address },
      response: {
        statusCode: 200,
        body: {
          txId: p.operationId,
          sequenceId: transferId,
          fee: zero.value,
          internal: true,
          sendConfirmation: p.sendConfirmation,
          amount: money(amount, currency).value,
          currency,
          recipient: shortenAddress(destination.address),
          status: "COMPLETED",
          createdAt: new Date().toISOString(),
        },
      },
    });
    if (outcome.replayed) return outcome;
    await deps.history.record(tx, [
      {
        ...entry,
        customerId: p.senderId,
        type: "SEND_TO_WALLET",
        direction: "OUT",
        counterparty: shortenAddress(destination.address),
        details: {
          fromAddress: p.fromAddress,
          toAddress: destination.address,
          debitAmount: money(amount, currency),
          creditAmount: money(amount, currency),
          feeAmount: zero,
          networkFee: zero,
          txHash: null,
          network: destination.network.network,
          internal: true,
          confirmations: null,
          requiredConfirmations: null,
          failureReason: null,
        },
      },
      {
        ...entry,
        customerId: p.recipientId,
        type: "RECEIVE_CRYPTO",
        direction: "IN",
        // The recipient learns who sent it as a masked phone, never the sender's address.
        counterparty: maskPhone(p.senderPhone),
        details: {
          fromAddress: null,
          toAddress: destination.address,
          amount: money(amount, currency),
          txHash: null,
          network: destination.network.network,
          confirmations: null,
          requiredConfirmations: null,
          internal: true,
        },
      },
    ]);
    return outcome;
  }
}
