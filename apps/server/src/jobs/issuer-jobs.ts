import type { TaskList } from "graphile-worker";
import { z } from "zod";
import type { Config } from "../config.ts";
import { createCardSecrets } from "../providers/issuer/card-secrets.ts";
import {
  httpIssuerDelivery,
  ISSUER_CALLBACK_PATH,
  ISSUER_STEP_TASK,
} from "../providers/issuer/issuer-provider.ts";
import { createSandboxIssuer } from "../providers/issuer/sandbox-issuer.ts";

const stepPayload = z.object({ orderRef: z.uuid() });

/**
 * The sandbox issuer's clock: one job per order, run when its next step is due (issue, then a
 * plastic card's trip). Its signed callbacks go to the server over HTTP (PUBLIC_BASE_URL), so a
 * worker of its own works as well as the in-process one; a failed callback throws, and the
 * worker's retry sends the card's current state again.
 */
export function createIssuerTasks(config: Config): TaskList {
  const deliver = httpIssuerDelivery(`${config.publicBaseUrl}${ISSUER_CALLBACK_PATH}`);
  const secrets = createCardSecrets(config.cardDataKeys);
  return {
    [ISSUER_STEP_TASK]: async (payload, helpers) => {
      const { orderRef } = stepPayload.parse(payload);
      const issuer = createSandboxIssuer({
        db: { withClient: helpers.withPgClient },
        secrets,
        callbackSecret: config.secrets.callback,
        issueSeconds: config.cardIssueSeconds,
        shippingStepSeconds: config.cardShippingStepSeconds,
      });
      const state = await issuer.step(orderRef, deliver);
      helpers.logger.info(`card order ${orderRef}: ${state ?? "unknown"}`);
    },
  };
}
