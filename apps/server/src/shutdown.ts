import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { commonErrors } from "./http/app-error.ts";

/** The stop's two clocks (config.ts: SHUTDOWN_DRAIN_SECONDS, SHUTDOWN_TIMEOUT_SECONDS). */
export type StopTimes = { drainSeconds: number; timeoutSeconds: number };

/** One step of the stop, run in order; a failing step is logged and the next one still runs. */
export type StopStep = { name: string; run: () => Promise<unknown> };

/**
 * Marks the app as draining when told: /readyz then answers 503 (the proxy's health check takes
 * the instance out), while every other request is still served; each answer closes its
 * connection, so no idle keep-alive connection is left for the listener's close to cut under a
 * request the proxy is sending on it. Registered before the app is ready.
 */
export function registerDrain(app: FastifyInstance): { begin: () => void } {
  let draining = false;
  app.addHook("onRequest", async (req) => {
    if (draining && req.url.split("?")[0] === "/readyz") {
      throw commonErrors.create("SERVICE_UNAVAILABLE", {
        message: "The server is stopping.",
        headers: { "retry-after": "1" },
      });
    }
  });
  app.addHook("onSend", async (_req, reply, payload) => {
    if (draining) reply.header("connection", "close");
    return payload;
  });
  return {
    begin: () => {
      draining = true;
    },
  };
}

/**
 * The clean stop (docs/operations.md "Stopping"): answer /readyz 503 for the drain period while
 * serving what still arrives, then close the listener and wait for the requests in flight (at
 * most `timeoutSeconds`, then their connections are cut), then the remaining steps (the worker
 * finishes or releases its jobs, the pool closes).
 */
export async function stopServer(
  app: FastifyInstance,
  drain: { begin: () => void },
  times: StopTimes,
  after: StopStep[],
  log: Logger,
): Promise<void> {
  drain.begin();
  log.info({ drainSeconds: times.drainSeconds }, "draining: /readyz answers 503");
  await new Promise((r) => setTimeout(r, times.drainSeconds * 1000));
  const limit = setTimeout(() => {
    log.warn({ timeoutSeconds: times.timeoutSeconds }, "requests still in flight: their connections are cut");
    app.server.closeAllConnections();
  }, times.timeoutSeconds * 1000);
  await runSteps([{ name: "http close", run: () => app.close() }], log);
  clearTimeout(limit);
  await runSteps(after, log);
}

/** Runs each step in turn, logging (not throwing) a failure so the later steps still run. */
export async function runSteps(steps: StopStep[], log: Logger): Promise<void> {
  for (const step of steps) {
    await step.run().catch((err) => log.error({ err }, `${step.name} failed`));
  }
}
