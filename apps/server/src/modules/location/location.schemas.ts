import { z } from "zod";
import { localeQuery } from "../merchants/index.ts";

export const locationQuery = z.object({ locale: localeQuery });

export const locationHeaders = z.object({
  "x-sandbox-client-ip": z
    .string()
    .optional()
    .describe("Sandbox mode only: an IPv4 or IPv6 address to act from; ignored otherwise"),
});

export const locationResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      country: z.string().describe("ISO 3166-1 alpha-2; the merchant's home country when the IP has none"),
      blocked: z.boolean().describe("The merchant does not serve this country (spec §6)"),
    }),
  })
  .meta({ id: "LocationResponse" });
