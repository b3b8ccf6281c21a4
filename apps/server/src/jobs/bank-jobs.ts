import type { Task, TaskList } from "graphile-worker";
import { z } from "zod";
import type { Config } from "../config.ts";
import { BANK_NOTIFICATION_PATH, httpBankDelivery } from "../providers/bank/bank-notification.ts";
import { BANK_SEND_TASK, SANDBOX_BANK_TICK_TASK } from "../providers/bank/bank-provider.ts";
import { createSandboxBank } from "../providers/bank/sandbox-bank.ts";

/** Enqueued with a withdrawal's reservation (same transaction): its order to the bank. */
export const bankSendPayload = z.object({
  reference: z.uuid(),
  accountIban: z.string().min(15).max(34),
  creditorName: z.string().min(1).max(140),
  creditorIban: z.string().min(15).max(34),
  creditorBic: z.string().min(8).max(11),
  amount: z.string().regex(/^\d+$/),
  remittance: z.string().max(140).nullable(),
});
const tickPayload = z.object({ id: z.string().min(8).max(64) });

/**
 * The sandbox bank's jobs: sending withdrawals (idempotent by reference: a job run twice sends
 * once) and the clock of every transfer, whose notifications go to the server over HTTP
 * (PUBLIC_BASE_URL), signed, so a worker of its own works as well as the in-process one.
 */
export function createBankTasks(config: Config): TaskList {
  const deliver = httpBankDelivery(`${config.publicBaseUrl}${BANK_NOTIFICATION_PATH}`);
  const bankOf = (withPgClient: Parameters<Task>[1]["withPgClient"]) =>
    createSandboxBank({
      db: { withClient: withPgClient },
      executionSeconds: config.bankExecutionSeconds,
      callbackSecret: config.secrets.callback,
    });
  return {
    [BANK_SEND_TASK]: async (payload, helpers) => {
      const order = bankSendPayload.parse(payload);
      const { id } = await bankOf(helpers.withPgClient).sendTransfer({
        ...order,
        amount: BigInt(order.amount),
      });
      helpers.logger.info(`SEPA transfer ${order.reference} sent as ${id}`);
    },
    [SANDBOX_BANK_TICK_TASK]: async (payload, helpers) => {
      const { id } = tickPayload.parse(payload);
      const status = await bankOf(helpers.withPgClient).tick(id, deliver);
      helpers.logger.debug(`bank transfer ${id}: ${status}`);
    },
  };
}
