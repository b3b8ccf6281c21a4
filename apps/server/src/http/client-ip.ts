import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { commonErrors } from "./app-error.ts";

export const SANDBOX_CLIENT_IP_HEADER = "x-sandbox-client-ip";

/**
 * The client's IP address. Fastify's req.ip already honours X-Forwarded-For only when the peer
 * is one of config.trustedProxies. In sandbox mode a tester may stand in any address with
 * X-Sandbox-Client-IP; outside sandbox mode that header is ignored entirely, whatever it holds.
 */
export function clientIp(config: Config, req: FastifyRequest): string {
  if (config.sandbox) {
    const standIn = req.headers[SANDBOX_CLIENT_IP_HEADER];
    if (standIn !== undefined) {
      if (typeof standIn !== "string" || isIP(standIn) === 0) {
        throw commonErrors.create("NOT_VALID_REQUEST_DATA", {
          field: "X-Sandbox-Client-IP",
          message: "X-Sandbox-Client-IP: must be an IPv4 or IPv6 address",
        });
      }
      return standIn;
    }
  }
  return req.ip;
}
