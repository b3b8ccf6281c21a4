import { parseCronItems, type Runner, type TaskList } from "graphile-worker";
import { z } from "zod";
import type { Config } from "../config.ts";
import type { ClientSource } from "../db/transaction.ts";
import { chainFollowerLag } from "../metrics/registry.ts";
import { createChainFollower } from "../modules/crypto/index.ts";
import {
  CHAIN_NOTIFICATION_PATH,
  httpNotificationDelivery,
  signChainNotification,
} from "../providers/chain/chain-notification.ts";
import type { ChainReader, WithdrawalWatcher } from "../providers/chain/chain-reader.ts";
import { createEvmChain } from "../providers/chain/evm-chain.ts";
import { createEvmWithdrawals } from "../providers/chain/evm-withdrawals.ts";
import { createUtxoChain } from "../providers/chain/utxo-chain.ts";
import { createUtxoWithdrawals } from "../providers/chain/utxo-withdrawals.ts";

/** One pass of a network's block follower (modules/crypto/chain-follower.ts); payload { network }. */
const CHAIN_FOLLOW_TASK = "chain_follow";

type Followed = {
  reader: ChainReader;
  withdrawals: ((db: ClientSource) => WithdrawalWatcher) | undefined;
  startBlock: number | undefined;
  pollSeconds: number;
};

/** Every network a node is configured for. */
function followedNetworks(config: Config): Followed[] {
  const evmConfig = config.evm;
  const networks: Followed[] = config.utxo.map((u) => {
    const chain = createUtxoChain(u);
    return {
      reader: chain,
      withdrawals: (db) => createUtxoWithdrawals({ db, chain, config: u }),
      startBlock: undefined,
      pollSeconds: 30,
    };
  });
  if (evmConfig) {
    const evm = createEvmChain(evmConfig);
    networks.push({
      reader: evm,
      withdrawals: (db) => createEvmWithdrawals({ db, evm }),
      startBlock: evmConfig.startBlock,
      pollSeconds: evmConfig.pollSeconds,
    });
  }
  return networks;
}

/** The state-row names of the networks this deployment follows (/v2/status judges only these). */
export const followedNetworkNames = (config: Config): string[] =>
  followedNetworks(config).map((n) => n.reader.network);

/**
 * The followers' loops: each pass queues the next one (EVM_POLL_SECONDS; 30 s on Bitcoin-family
 * networks) under one job key per network, and a cron entry every minute restarts a loop a crash
 * broke. Two passes at once are harmless: the second finds the network's row locked and skips.
 */
export function chainFollowerCronItems(config: Config) {
  return parseCronItems(
    followedNetworks(config).map(({ reader }) => ({
      task: CHAIN_FOLLOW_TASK,
      match: "* * * * *",
      identifier: `chain_follow:${reader.network}`,
      payload: { network: reader.network },
    })),
  );
}

/** Starts every network's loop at once (the cron entry would only within a minute). */
export async function startChainFollowers(runner: Runner, config: Config): Promise<void> {
  for (const { reader } of followedNetworks(config)) {
    await runner.addJob(
      CHAIN_FOLLOW_TASK,
      { network: reader.network },
      { jobKey: `chain_follow:${reader.network}` },
    );
  }
}

const payloadSchema = z.object({ network: z.string().min(1).max(100) });

export function createChainFollowerTasks(config: Config): TaskList {
  const networks = new Map(followedNetworks(config).map((n) => [n.reader.network, n]));
  if (networks.size === 0) return {};
  const deliver = httpNotificationDelivery(`${config.publicBaseUrl}${CHAIN_NOTIFICATION_PATH}`);
  return {
    [CHAIN_FOLLOW_TASK]: async (payload, helpers) => {
      const followed = networks.get(payloadSchema.parse(payload).network);
      if (!followed) return;
      const { reader } = followed;
      const db = { withClient: helpers.withPgClient };
      const follower = createChainFollower({
        db,
        reader,
        startBlock: followed.startBlock,
        withdrawals: followed.withdrawals?.(db),
        notify: async (n) => {
          const raw = JSON.stringify(n);
          const { status } = await deliver(raw, signChainNotification(config.secrets.callback, raw));
          if (status >= 300) throw new Error(`chain notification for ${n.txHash} answered ${status}`);
        },
      });
      try {
        const result = await follower.followOnce();
        if (result.kind === "followed") {
          chainFollowerLag.set({ network: reader.network }, result.head - result.to);
          helpers.logger.debug(`${reader.network}: blocks ${result.from}..${result.to} of ${result.head}`);
        }
      } catch (err) {
        // A node or server that is down: the height was not stored, the next pass resumes there.
        helpers.logger.warn(`${reader.network}: follower pass failed: ${(err as Error).message}`);
      } finally {
        await helpers.addJob(
          CHAIN_FOLLOW_TASK,
          { network: reader.network },
          {
            runAt: new Date(Date.now() + followed.pollSeconds * 1000),
            jobKey: `chain_follow:${reader.network}`,
            jobKeyMode: "replace",
          },
        );
      }
    },
  };
}
