import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/database.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import type { EmailProvider } from "./email-provider.ts";

/** Sandbox mail server: "delivers" by writing to the outbox (GET /sandbox/email shows it). */
export function createSandboxEmail(db: Db): EmailProvider {
  return {
    async send({ merchantId, to, subject, body }) {
      await db.insert(emailOutbox).values({ id: uuidv7(), merchantId, to, subject, body });
    },
  };
}
