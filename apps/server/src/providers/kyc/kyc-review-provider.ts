import type { Tx } from "../../db/transaction.ts";

/** What the reviewer is told about a submitted application. */
export type KycApplicant = {
  merchantId: string;
  applicationId: string;
  customerId: string;
  firstName: string;
  lastName: string;
};

/**
 * The party that reviews applicants. `submit` runs inside the transaction that submits the
 * application, so an application is never submitted without its review being asked for; the
 * decision comes back later as a signed callback (review-callback.ts). A production adapter
 * enqueues a job there that calls the provider's API (no network call inside a transaction).
 */
export interface KycReviewProvider {
  submit(applicant: KycApplicant, tx: Tx): Promise<void>;
}
