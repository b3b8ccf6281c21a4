import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";

/**
 * Log options: request ids on every line; secrets never written. Codes, passwords and tokens
 * travel in bodies and headers, so those are redacted wherever they appear.
 */
export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'req.headers["x-signature"]',
        'req.headers["x-confirmation-code"]',
        'res.headers["set-cookie"]',
        "*.password",
        "*.smsCode",
        "*.code",
        "*.token",
        "*.access_token",
        "*.refresh_token",
        // Card data (card pay-in and payout): never in a log line, whatever logs a body.
        "*.cardNumber",
        "*.cardCVV",
        "*.cvv",
        "*.number",
        // Card PINs and activation codes travel sealed, but never in a log line either.
        "*.pin",
        "*.passCode",
      ],
      censor: "[redacted]",
    },
  };
}

/**
 * One line per request when it completes, with the path but never the query string (email
 * confirmation links carry tokens there), and the request id under `requestId`.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: "requestId" });
  }
  override incomingRequest(): void {}
  override requestCompleted(_err: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const route = req.url.split("?")[0];
    req.log.info(
      { method: req.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      "request",
    );
  }
}
