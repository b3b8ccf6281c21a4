import { type JobHelpers, parseCronItems, type TaskList } from "graphile-worker";
import { z } from "zod";
import { createDepositSettlement, DEPOSIT_SETTLE_TASK } from "../modules/deposits/index.ts";
import { createHistoryService } from "../modules/history/index.ts";
import { createLedgerService } from "../modules/ledger/index.ts";

/** The daily sweep: every open deposit's interest up to today, and any payout a lost job missed. */
const DEPOSITS_SETTLE_DUE_TASK = "deposits_settle_due";

const payloadSchema = z.object({ merchantId: z.uuid(), depositId: z.uuid() });

/** Shortly after midnight UTC, when a new day of interest has come due for every deposit. */
export const depositCronItems = parseCronItems([
  { task: DEPOSITS_SETTLE_DUE_TASK, match: "5 0 * * *", options: { backfillPeriod: 0 } },
]);

type WithPgClient = JobHelpers["withPgClient"];

function settlementOf(withPgClient: WithPgClient) {
  const db = { withClient: withPgClient };
  return createDepositSettlement({
    db,
    ledger: createLedgerService({ db }),
    history: createHistoryService({ db }),
  });
}

/**
 * Earn's jobs. `deposit_settle` is enqueued with the opening (same transaction) to run at
 * expiry: it accrues the last days and pays out, once, whether it runs twice or after a crash
 * (docs/earn.md). The daily sweep accrues everything due.
 */
export const depositTasks: TaskList = {
  [DEPOSIT_SETTLE_TASK]: async (payload, helpers) => {
    const { merchantId, depositId } = payloadSchema.parse(payload);
    const outcome = await settlementOf(helpers.withPgClient).settleDeposit({
      merchantId,
      depositId,
      at: new Date(),
    });
    helpers.logger.info(`deposit ${depositId}: ${outcome}`);
  },
  [DEPOSITS_SETTLE_DUE_TASK]: async (_payload, helpers) => {
    const settled = await settlementOf(helpers.withPgClient).settleDue(new Date());
    helpers.logger.info(`deposits settled: ${settled}`);
  },
};
