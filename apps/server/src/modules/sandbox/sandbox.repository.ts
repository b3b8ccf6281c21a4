import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { emailOutbox, smsOutbox } from "../../db/schema/index.ts";

/** Reads what the sandbox providers "sent". Sandbox mode only. */
export function createSandboxRepository(db: Db) {
  return {
    smsTo(phone: string, limit = 50) {
      return db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, phone))
        .orderBy(desc(smsOutbox.createdAt))
        .limit(limit);
    },
    emailsTo(to: string, limit = 50) {
      return db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, to))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(limit);
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
