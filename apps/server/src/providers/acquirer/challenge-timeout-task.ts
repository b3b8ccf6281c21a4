import type { Task } from "graphile-worker";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { sandboxAcquirerOptions } from "./acquirer-providers.ts";
import { createSandboxAcquirer } from "./sandbox-acquirer.ts";

const payloadSchema = z.object({ paymentId: z.string().min(8).max(100) });

/**
 * The sandbox acquirer's clock for 3-D Secure challenges: the job queued with a challenge runs
 * when its time is up and declines it if the customer never answered; the decline then reaches
 * the server as a signed callback like any other (jobs/acquirer-callbacks.ts).
 */
export function createChallengeTimeoutTask(config: Config): Task {
  return async (payload, helpers) => {
    const { paymentId } = payloadSchema.parse(payload);
    const acquirer = createSandboxAcquirer(
      sandboxAcquirerOptions(config, { withClient: helpers.withPgClient }),
    );
    const outcome = await acquirer.expireChallenge(paymentId);
    helpers.logger.info(`acquirer challenge ${paymentId}: ${outcome}`);
  };
}
