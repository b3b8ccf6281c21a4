import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/database.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import type { EmailProvider } from "./email-provider.ts";
import { renderText } from "./email-render.ts";

/** The sandbox console's copy: the text part in the outbox (GET /sandbox/email shows it). */
export function createSandboxEmail(db: Db): EmailProvider {
  return {
    async send(message) {
      await db.insert(emailOutbox).values({
        id: uuidv7(),
        merchantId: message.brand.merchantId,
        to: message.to,
        subject: message.subject,
        body: renderText(message),
      });
    },
  };
}
