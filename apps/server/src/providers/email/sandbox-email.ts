import { v7 as uuidv7 } from "uuid";
import type { ClientSource } from "../../db/transaction.ts";
import type { EmailProvider } from "./email-provider.ts";
import { renderText } from "./email-render.ts";

/** The sandbox console's copy: the text part in the outbox (GET /sandbox/email shows it). */
export function createSandboxEmail(deps: { db: ClientSource }): EmailProvider {
  return {
    async send(message) {
      await deps.db.withClient((c) =>
        c.query(
          "insert into email_outbox (id, merchant_id, to_address, subject, body) values ($1, $2, $3, $4, $5)",
          [uuidv7(), message.brand.merchantId, message.to, message.subject, renderText(message)],
        ),
      );
    },
  };
}
