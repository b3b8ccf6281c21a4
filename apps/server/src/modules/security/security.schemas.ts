import { z } from "zod";
import { SECURITY_EVENT_KINDS } from "./security.types.ts";

export const sessionParams = z.object({ id: z.uuid("must be a session id") });

const securitySession = z
  .object({
    id: z.uuid(),
    device: z.string().nullable().describe("Browser and system, from the User-Agent; null when unknown"),
    country: z.string().nullable().describe("ISO country of the sign-in's IP; null when it has none"),
    createdAt: z.iso.datetime({ offset: true }),
    lastActiveAt: z.iso.datetime({ offset: true }).describe("Moved at most once a minute"),
    current: z.boolean().describe("The session of this request"),
  })
  .meta({ id: "SecuritySession" });

export const sessionsResponse = z.object({ sessions: z.array(securitySession) });

export const signOutOthersResponse = z.object({
  signedOut: z.number().int().describe("How many sessions ended"),
});

export const eventsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

const securityEvent = z
  .object({
    id: z.uuid(),
    kind: z.enum(SECURITY_EVENT_KINDS),
    details: z
      .record(z.string(), z.string())
      .describe("device, country, newDevice, how, card (last four digits), sessions: what applies"),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: "SecurityEvent" });

export const eventsResponse = z.object({
  events: z.array(securityEvent),
  offset: z.number().int(),
  size: z.number().int(),
});

export const notMeBody = z.object({
  token: z.string().min(20, "must be the link's token").max(200, "must be the link's token"),
});

export const notMeResponse = z.object({
  phone: z.string().describe("E.164 digits: the password reset's code was texted there"),
});
