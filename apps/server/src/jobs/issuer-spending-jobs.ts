import type { TaskList } from "graphile-worker";
import { z } from "zod";
import type { Config } from "../config.ts";
import {
  CARD_EVENT_TYPES,
  type DeliverCardEvent,
  ISSUER_CARD_EVENT_TASK,
  ISSUER_CARD_EVENTS_PATH,
} from "../providers/issuer/card-events.ts";
import { ISSUER_SIGNATURE_HEADER } from "../providers/issuer/issuer-provider.ts";
import { createSandboxSpending } from "../providers/issuer/sandbox-spending.ts";

const payload = z.object({ transactionId: z.string().min(4), type: z.enum(CARD_EVENT_TYPES) });

/** Posts a signed card event to the server over HTTP, as a real issuer's webhook would. */
function httpCardEventDelivery(url: string): DeliverCardEvent {
  return async (rawBody, signature) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [ISSUER_SIGNATURE_HEADER]: signature },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json().catch(() => undefined);
    return { status: response.status, body };
  };
}

/**
 * The sandbox issuer's retry of a card event the server has not answered (PUBLIC_BASE_URL, so a
 * worker of its own works too). Throws while unanswered: the worker then retries with backoff.
 */
export function createIssuerSpendingTasks(config: Config): TaskList {
  const deliver = httpCardEventDelivery(`${config.publicBaseUrl}${ISSUER_CARD_EVENTS_PATH}`);
  return {
    [ISSUER_CARD_EVENT_TASK]: async (job, helpers) => {
      const { transactionId, type } = payload.parse(job);
      const spending = createSandboxSpending({
        db: { withClient: helpers.withPgClient },
        callbackSecret: config.secrets.callback,
      });
      if (!(await spending.redeliver(transactionId, type, deliver))) {
        throw new Error(`card event ${transactionId}:${type} not answered; will retry`);
      }
      helpers.logger.info(`card event ${transactionId}:${type} delivered`);
    },
  };
}
