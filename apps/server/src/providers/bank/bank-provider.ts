import { commonErrors } from "../../http/app-error.ts";
import { standIn } from "../party-coverage.ts";
import type { BankNotification } from "./bank-notification.ts";

/** An account the bank opens for one of our customers. */
export type OpenAccountOrder = {
  /** Our IBAN request id: the bank opens one account per reference, however often asked. */
  reference: string;
  country: string;
  bankCode: string;
  bic: string;
  holderName: string;
};

/** A SEPA credit transfer out of one of our IBANs, its money already reserved in the ledger. */
export type SepaTransferOrder = {
  /** Our transfer id: sent once however often asked. */
  reference: string;
  accountIban: string;
  creditorName: string;
  creditorIban: string;
  creditorBic: string;
  /** EUR cents. */
  amount: bigint;
  remittance: string | null;
};

/**
 * The bank rail as an outside party: opens accounts (IBAN and BIC) and carries SEPA credit
 * transfers; what happens to transfers arrives as signed notifications (bank-notification.ts).
 * The sandbox implementation simulates a bank; a real bank's adapter replaces it by configuration.
 */
export interface BankRail {
  openAccount(order: OpenAccountOrder): Promise<{ iban: string; bic: string }>;
  sendTransfer(order: SepaTransferOrder): Promise<{ id: string }>;
  /**
   * A transfer out's state now, by our reference, like a bank API's GET (null: never received).
   * Optional: a rail without a lookup leaves it out and an operator's "ask again" says so.
   */
  transferStatus?(reference: string): Promise<BankNotification | null>;
}

/** Task names of the bank rail's jobs (jobs/bank-jobs.ts). */
export const BANK_SEND_TASK = "bank_send_transfer";
export const SANDBOX_BANK_TICK_TASK = "bank_sandbox_tick";

/** Outside sandbox mode until a bank adapter exists: IBAN calls answer 503. */
export function unavailableBank(): BankRail {
  const refuse = async (): Promise<never> => {
    throw commonErrors.create("SERVICE_UNAVAILABLE", {
      message: "IBAN accounts are not available right now. Please try again later.",
    });
  };
  return standIn({ openAccount: refuse, sendTransfer: refuse });
}
