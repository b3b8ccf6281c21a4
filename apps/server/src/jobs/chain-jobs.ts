import type { Task, TaskList } from "graphile-worker";
import { z } from "zod";
import type { Config } from "../config.ts";
import { CHAINS } from "../db/schema/chain.ts";
import { CHAIN_NOTIFICATION_PATH, httpNotificationDelivery } from "../providers/chain/chain-notification.ts";
import { CHAIN_BROADCAST_TASK, SANDBOX_CHAIN_TICK_TASK } from "../providers/chain/chain-provider.ts";
import { chainProviderFor } from "../providers/chain/chain-router.ts";
import { createSandboxChain } from "../providers/chain/sandbox-chain.ts";

/** Enqueued with a withdrawal's reservation (same transaction): its order to the chain. */
export const broadcastPayload = z.object({
  reference: z.uuid(),
  chain: z.enum(CHAINS),
  currency: z.enum(["BTC", "ETH", "USDT", "USDC", "DAI", "LTC", "TRX", "DOGE"]),
  toAddress: z.string().min(1).max(128),
  amount: z.string().regex(/^\d+$/),
  networkFee: z.string().regex(/^\d+$/),
});
const tickPayload = z.object({ txHash: z.string().min(1).max(100) });

/**
 * The sandbox chain's jobs: broadcasting withdrawals (idempotent by reference: a job run twice
 * pays once) and the clock of every transaction, whose notifications go to the server over HTTP
 * (PUBLIC_BASE_URL), signed, so a worker of its own works as well as the in-process one.
 */
export function createChainTasks(config: Config): TaskList {
  const deliver = httpNotificationDelivery(`${config.publicBaseUrl}${CHAIN_NOTIFICATION_PATH}`);
  const chainOf = (withPgClient: Parameters<Task>[1]["withPgClient"]) =>
    createSandboxChain({
      db: { withClient: withPgClient },
      secondsPerConfirmation: config.chainConfirmationSeconds,
      callbackSecret: config.secrets.callback,
    });
  // The EVM network's currencies are sent on it; the others on the sandbox chain.
  const providerOf = (withPgClient: Parameters<Task>[1]["withPgClient"]) =>
    chainProviderFor(config, { withClient: withPgClient }, chainOf(withPgClient));
  return {
    [CHAIN_BROADCAST_TASK]: async (payload, helpers) => {
      const order = broadcastPayload.parse(payload);
      const { txHash } = await providerOf(helpers.withPgClient).broadcastWithdrawal({
        ...order,
        amount: BigInt(order.amount),
        networkFee: BigInt(order.networkFee),
      });
      helpers.logger.info(`withdrawal ${order.reference} broadcast as ${txHash}`);
    },
    [SANDBOX_CHAIN_TICK_TASK]: async (payload, helpers) => {
      const { txHash } = tickPayload.parse(payload);
      const status = await chainOf(helpers.withPgClient).tick(txHash, deliver);
      helpers.logger.debug(`chain transaction ${txHash}: ${status}`);
    },
  };
}
