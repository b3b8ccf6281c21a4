import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { v7 as uuidv7 } from "uuid";
import { createMoneyFrame, keyOf } from "../../app/money-use-case.ts";
import type { ClientSource } from "../../db/transaction.ts";
import { parseAmountField } from "../../http/amount-input.ts";
import { enqueueJobs } from "../../jobs/enqueue.ts";
import { BANK_SEND_TASK } from "../../providers/bank/bank-provider.ts";
import type { AuthService, Codes, VerifiedClaims } from "../auth/index.ts";
import type { CustomersService } from "../customers/index.ts";
import type { HistoryService } from "../history/index.ts";
import type { KycService } from "../kyc/index.ts";
import type { LedgerService, OperationOutcome } from "../ledger/index.ts";
import type { Merchant } from "../merchants/index.ts";
import { convertMinor, type RatesService } from "../rates/index.ts";
import { ibanErrors } from "./iban.errors.ts";
import { type AccountRow, ibanSql } from "./iban.repository.ts";
import type { IbanOrders } from "./iban-order.service.ts";

/**
 * How long a withdrawal's reservation may wait for the bank. Long on purpose: expiring first
 * would hand back money that has left; a stuck SEPA transfer is an operator's matter long before.
 */
const RESERVATION_SECONDS = 7 * 24 * 3600;
/** The SMS code's own purpose: a send's code and this one never hold each other back. */
const CODE_PURPOSE = "IBAN_WITHDRAWAL" as const;

export type WithdrawInput = {
  merchant: Merchant;
  customer: Pick<VerifiedClaims, "customerId" | "merchantId" | "sessionId" | "phone">;
  ibanId: string;
  recipientId: string;
  amount: string;
  reference?: string | undefined;
  confirmationCode?: string | undefined;
  ip: string;
  idempotencyKey: string;
  requestHash: string;
};

/**
 * WITHDRAW_IBAN (docs/iban.md): a SEPA credit transfer from the IBAN's EUR to a saved recipient,
 * confirmed by an SMS code, two-phase: amount and fee reserved (pending transfers) and the order to
 * the bank queued in one transaction; posted when the bank executes it, voided when it returns it.
 */
export function createIbanWithdrawals(deps: {
  db: ClientSource;
  auth: Pick<AuthService, "requireLiveSession">;
  customers: Pick<CustomersService, "getCustomer">;
  ledger: LedgerService;
  history: Pick<HistoryService, "record">;
  kyc: Pick<KycService, "assertAllowed" | "prepare">;
  rates: RatesService;
  codes: Codes;
  orders: Pick<IbanOrders, "bankProgram">;
  ownAccount: (merchantId: string, customerId: string, ibanId: string) => Promise<AccountRow>;
}) {
  const { ledger } = deps;
  const frame = createMoneyFrame(deps);

  /**
   * The bank program's terms whatever the merchant's IBAN flag says now: an issued account's money
   * may always be withdrawn (docs/iban.md). No program at all: nothing to price a transfer with.
   */
  async function terms(merchant: Merchant) {
    const program = await deps.orders.bankProgram(merchant.id);
    if (!program) throw ibanErrors.create("IBAN_NOT_OFFERED");
    return program;
  }

  return {
    /** GET /v2/iban/{ibanId}/withdraw/data: balance, the fee, the bounds. */
    async data(merchant: Merchant, customerId: string, ibanId: string) {
      const account = await deps.ownAccount(merchant.id, customerId, ibanId);
      const program = await terms(merchant);
      const balance = await ledger.getAccount({
        merchantId: merchant.id,
        accountId: account.balanceAccountId,
      });
      const eur = (v: bigint) => toDecimalString(v, "EUR");
      return {
        ibanId: account.id,
        currency: "EUR" as const,
        balance: eur(balance.balance),
        availableBalance: eur(balance.available),
        fees: { fixFee: eur(program.withdrawFixFee) },
        minAmount: eur(program.withdrawMin),
        maxAmount: eur(program.withdrawMax),
        confirmation: "SMS" as const,
      };
    },

    async withdraw(input: WithdrawInput): Promise<OperationOutcome> {
      const { merchant, customer } = input;
      const merchantId = merchant.id;
      const customerId = customer.customerId;
      const amount = parseAmountField("amount", input.amount, "EUR");
      const eur = (v: bigint) => toDecimalString(v, "EUR");
      const account = await deps.ownAccount(merchantId, customerId, input.ibanId);
      const recipient = await deps.db.withClient((c) =>
        ibanSql.recipient(c, { merchantId, customerId }, input.recipientId),
      );
      if (!recipient) throw ibanErrors.create("RECIPIENT_NOT_FOUND", { field: "recipientId" });
      return frame({
        session: customer,
        key: keyOf(merchantId, input),
        // A retry of a withdrawal that went through gets its answer, whatever has changed since,
        // and before a code is texted again.
        replayFirst: true,
        insufficientFunds: () => ibanErrors.create("INSUFFICIENT_FUNDS", { field: "amount" }),
        prepare: async () => {
          if (account.status !== "ACTIVE") throw ibanErrors.create("IBAN_NOT_ACTIVE");
          const program = await terms(merchant);
          if (amount < program.withdrawMin || amount > program.withdrawMax) {
            throw ibanErrors.create("AMOUNT_OUT_OF_RANGE", {
              field: "amount",
              message: `The amount must be between ${toDecimalString(program.withdrawMin, "EUR")} and ${toDecimalString(program.withdrawMax, "EUR")} EUR.`,
              data: {
                minAmount: toDecimalString(program.withdrawMin, "EUR"),
                maxAmount: toDecimalString(program.withdrawMax, "EUR"),
              },
            });
          }
          const fee = program.withdrawFixFee;
          const fiat = merchant.fiatCurrency as CurrencyCode;
          const inFiat =
            fiat === "EUR" ? amount : convertMinor(amount, "EUR", fiat, deps.rates.quote("EUR", fiat, 0).mid);
          const check = {
            merchantId,
            customerId,
            operationType: "WITHDRAW_IBAN" as const,
            amountInFiatMinor: inFiat > 0n ? inFiat : 1n,
          };
          // The catalog's switch and KYC level (403, 503) and the limits (422) are judged now, before
          // a code is texted or spent: a refusal after the SMS would cost the customer a code and a
          // 60-second wait for nothing (as send does). `consume` judges them again in the
          // transaction, the backstop for a change in between.
          await deps.kyc.assertAllowed(check);
          const limit = await deps.kyc.prepare(check);
          const balance = await ledger.getAccount({ merchantId, accountId: account.balanceAccountId });
          if (balance.available < amount + fee)
            throw ibanErrors.create("INSUFFICIENT_FUNDS", { field: "amount" });
          const phone = customer.phone ?? (await deps.customers.getCustomer(merchantId, customerId)).phone;
          // Every withdrawal is confirmed by SMS: the first request texts a code and is refused;
          // the same request again, with the code, goes through (spec §2 SMS confirmation).
          if (!input.confirmationCode) {
            await deps.codes.send({
              merchantId,
              merchantTitle: merchant.title,
              phone,
              purpose: CODE_PURPOSE,
              ip: input.ip,
            });
            throw ibanErrors.create("CONFIRMATION_REQUIRED", { data: { confirmationRequired: true } });
          }
          await deps.codes.verify(
            { merchantId, phone, purpose: CODE_PURPOSE, code: input.confirmationCode },
            {
              incorrect: "CUSTOMER_SMS_CODE_INCORRECT",
              expired: "CUSTOMER_SMS_CODE_EXPIRED",
              field: "X-Confirmation-Code",
            },
          );
          await ledger.ensureHouseAccounts({ merchantId, currency: "EUR" });
          const transferId = uuidv7();
          const pendingId = uuidv7();
          const feePendingId = fee > 0n ? uuidv7() : null;
          const now = new Date();
          const from = { accountId: account.balanceAccountId };
          const pending = { timeoutSeconds: RESERVATION_SECONDS };
          const body = {
            transferId,
            status: "PENDING",
            amount: eur(amount),
            fee: eur(fee),
            currency: "EUR",
            recipient: { name: recipient.name, iban: recipient.iban },
            createdAt: now.toISOString(),
          };
          return { limit, fee, transferId, pendingId, feePendingId, now, from, pending, body };
        },
        limit: (p) => ({ limit: p.limit, reference: input.idempotencyKey }),
        move: (tx, { fee, transferId, pendingId, feePendingId, from, pending, body }) =>
          ledger.apply(tx, {
            merchantId,
            operationId: transferId,
            idempotencyKey: input.idempotencyKey,
            requestHash: input.requestHash,
            kind: "withdraw_iban",
            legs: [
              {
                id: pendingId,
                debit: from,
                credit: { house: "bank_settlement" },
                amount,
                currency: "EUR",
                pending,
              },
              ...(feePendingId
                ? [
                    {
                      id: feePendingId,
                      debit: from,
                      credit: { house: "fee_income" as const },
                      amount: fee,
                      currency: "EUR" as const,
                      pending,
                    },
                  ]
                : []),
            ],
            metadata: { customerId, ibanId: account.id, recipientIban: recipient.iban, amount: eur(amount) },
            response: { statusCode: 200, body },
          }),
        record: async (tx, { fee, transferId, pendingId, feePendingId, now }) => {
          await enqueueJobs(tx, [
            {
              task: BANK_SEND_TASK,
              jobKey: `bank_send:${transferId}`,
              payload: {
                reference: transferId,
                accountIban: account.iban,
                creditorName: recipient.name,
                creditorIban: recipient.iban,
                creditorBic: recipient.bic,
                amount: amount.toString(),
                remittance: input.reference ?? null,
              },
            },
          ]);
          await ibanSql.insertTransfer(tx, {
            id: transferId,
            merchantId,
            customerId,
            ibanId: account.id,
            kind: "SEPA_OUT",
            status: "PENDING",
            amount,
            fee,
            currency: "EUR",
            counterpartyName: recipient.name,
            counterpartyIban: recipient.iban,
            counterpartyBic: recipient.bic,
            reference: input.reference ?? null,
            returnReason: null,
            operationId: transferId,
            pendingId,
            feePendingId,
            limitReference: input.idempotencyKey,
            railId: null,
            createdAt: now,
            updatedAt: now,
          });
          await deps.history.record(tx, [
            {
              merchantId,
              customerId,
              operationId: transferId,
              type: "IBAN_WITHDRAW",
              direction: "OUT",
              status: "PENDING",
              currency: "EUR",
              amount,
              fee,
              counterparty: recipient.name,
              details: {
                ibanId: account.id,
                transferId,
                counterpartyName: recipient.name,
                counterpartyIban: recipient.iban,
                reference: input.reference ?? null,
                returnReason: null,
              },
            },
          ]);
        },
      });
    },
  };
}
