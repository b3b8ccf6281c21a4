import { z } from "zod";
import { CLAIM_STATUSES } from "../../db/schema/index.ts";

export const claimParams = z.object({ id: z.uuid() });

export const claimResponse = z
  .object({
    id: z.uuid().describe("The send's operation id (txId), as its history row shows it"),
    status: z.enum(CLAIM_STATUSES),
    phone: z.string().describe("The invited phone: in full to its sender, masked on the sandbox's call"),
    amount: z.string(),
    currency: z.string(),
    expiresAt: z.string().describe("Unclaimed by then, the money comes back"),
    updatedAt: z.string(),
  })
  .meta({ id: "ClaimableTransfer" });

export const moveClockBody = z.object({ days: z.number().int().min(1).max(30) }).strict();
