import { parseCronItems, type TaskList } from "graphile-worker";
import type { Config } from "../config.ts";
import { createChainFollower } from "../modules/crypto/chain-follower.ts";
import {
  CHAIN_NOTIFICATION_PATH,
  httpNotificationDelivery,
  signChainNotification,
} from "../providers/chain/chain-notification.ts";
import { createEvmChain } from "../providers/chain/evm-chain.ts";
import { createEvmWithdrawals } from "../providers/chain/evm-withdrawals.ts";

/** One pass of the EVM network's block follower (modules/crypto/chain-follower.ts). */
export const CHAIN_FOLLOW_TASK = "chain_follow_evm";

/**
 * The follower's loop: each pass queues the next one EVM_POLL_SECONDS later under one job key
 * (so one is queued per network), and a cron entry every minute restarts a loop a crash broke.
 * Two passes at once are harmless: the second finds the network's row locked and skips.
 */
export function chainFollowerCronItems(config: Config) {
  return config.evm ? parseCronItems([{ task: CHAIN_FOLLOW_TASK, match: "* * * * *" }]) : [];
}

export function createChainFollowerTasks(config: Config): TaskList {
  const evmConfig = config.evm;
  if (!evmConfig) return {};
  const deliver = httpNotificationDelivery(`${config.publicBaseUrl}${CHAIN_NOTIFICATION_PATH}`);
  const evm = createEvmChain(evmConfig);
  return {
    [CHAIN_FOLLOW_TASK]: async (_payload, helpers) => {
      const follower = createChainFollower({
        db: { withClient: helpers.withPgClient },
        evm,
        startBlock: evmConfig.startBlock,
        withdrawals: createEvmWithdrawals({ db: { withClient: helpers.withPgClient }, evm }),
        notify: async (n) => {
          const raw = JSON.stringify(n);
          const { status } = await deliver(raw, signChainNotification(config.secrets.callback, raw));
          if (status >= 300) throw new Error(`chain notification for ${n.txHash} answered ${status}`);
        },
      });
      try {
        const result = await follower.followOnce();
        if (result.kind === "followed") {
          helpers.logger.debug(`${evm.network}: blocks ${result.from}..${result.to} of ${result.head}`);
        }
      } catch (err) {
        // A node or server that is down: the height was not stored, the next pass resumes there.
        helpers.logger.warn(`${evm.network}: follower pass failed: ${(err as Error).message}`);
      } finally {
        await helpers.addJob(
          CHAIN_FOLLOW_TASK,
          {},
          {
            runAt: new Date(Date.now() + evmConfig.pollSeconds * 1000),
            jobKey: `chain_follow:${evm.network}`,
            jobKeyMode: "replace",
          },
        );
      }
    },
  };
}
