import type { FastifyInstance } from "fastify";
import { httpRequestDuration } from "./registry.ts";

/**
 * Times every request by its route's pattern (`/v1/history/:id`, never the URL with its ids) and
 * status; a request no route matched counts under "unmatched".
 */
export function registerHttpMetrics(app: FastifyInstance) {
  app.addHook("onResponse", async (req, reply) => {
    httpRequestDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? "unmatched", status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
