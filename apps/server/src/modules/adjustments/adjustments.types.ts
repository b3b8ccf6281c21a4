// The types and constants of adjustments; other modules take them through index.ts.

import { HOUSE_ACCOUNT_KINDS } from "../../db/schema/ledger.ts";

/** A proposal nobody decided within this long moves nothing any more (docs/backoffice.md). */
export const ADJUSTMENT_EXPIRY_HOURS = 72;

/**
 * The house accounts an adjustment may be booked against: `adjustments` (the default, kept for
 * corrections alone) or any other house account when the correction belongs there (a missed
 * deposit against the chain hot wallet, a fee refunded from fee income).
 */
export const ADJUSTMENT_HOUSE_ACCOUNTS = HOUSE_ACCOUNT_KINDS;
export type AdjustmentHouseAccount = (typeof ADJUSTMENT_HOUSE_ACCOUNTS)[number];

/** The periodic job that stores EXPIRED on lapsed waiting proposals (jobs/adjustment-jobs.ts). */
export const ADJUSTMENTS_EXPIRE_TASK = "adjustments_expire";
