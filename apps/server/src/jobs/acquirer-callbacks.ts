import type { Task } from "graphile-worker";
import { z } from "zod";
import type { Config } from "../config.ts";
import {
  ACQUIRER_CALLBACK_PATH,
  ACQUIRER_SIGNATURE_HEADER,
  type AcquirerEvent,
  acquirerEventSchema,
  signAcquirerCallback,
} from "../providers/acquirer/acquirer-callback.ts";
import { ACQUIRER_CALLBACK_TASK } from "../providers/acquirer/sandbox-acquirer.ts";

export { ACQUIRER_CALLBACK_TASK };

export type DeliverAcquirerEvent = (rawBody: string, signature: string) => Promise<{ status: number }>;

/** Posts the signed event to the server, as a real acquirer's webhook would. */
function httpAcquirerDelivery(url: string): DeliverAcquirerEvent {
  return async (rawBody, signature) => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [ACQUIRER_SIGNATURE_HEADER]: signature },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return { status: response.status };
  };
}

/**
 * Signs and delivers one event. A 5xx or a network failure throws, so the worker retries with
 * backoff (max_attempts 12); a 4xx will not get better by repeating and is reported instead.
 */
export async function deliverAcquirerEvent(
  event: AcquirerEvent,
  options: { secret: string; deliver: DeliverAcquirerEvent },
): Promise<number> {
  const rawBody = JSON.stringify(event);
  const { status } = await options.deliver(rawBody, signAcquirerCallback(options.secret, rawBody));
  if (status >= 500) throw new Error(`acquirer callback answered ${status}; will retry`);
  return status;
}

const payloadSchema = z.object({ event: acquirerEventSchema });

/** The sandbox acquirer's callbacks, through PUBLIC_BASE_URL (works from a worker of its own). */
export function createAcquirerCallbackTask(config: Config): Task {
  const deliver = httpAcquirerDelivery(`${config.publicBaseUrl}${ACQUIRER_CALLBACK_PATH}`);
  return async (payload, helpers) => {
    const { event } = payloadSchema.parse(payload);
    const status = await deliverAcquirerEvent(event, { secret: config.secrets.callback, deliver });
    const log = status < 300 ? helpers.logger.info : helpers.logger.warn;
    log.call(
      helpers.logger,
      `acquirer ${event.paymentId} #${event.sequence} ${event.status} (callback ${status})`,
    );
  };
}
