import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { type ClientSource, clientSourceFromPool } from "../db/transaction.ts";
import { commonErrors } from "../http/app-error.ts";
import { measureParty } from "../metrics/sources.ts";
import type { EmailProvider } from "./email/email-provider.ts";
import { createSandboxEmail } from "./email/sandbox-email.ts";
import { createSmtpEmail } from "./email/smtp-email.ts";
import { createSandboxSms } from "./sms/sandbox-sms.ts";
import type { SmsProvider } from "./sms/sms-provider.ts";

export type Providers = { sms: SmsProvider; email: EmailProvider };

/**
 * The outside parties. Sandbox mode uses the sandbox implementations; a production adapter is
 * chosen here by configuration, and nothing else changes. Outside sandbox mode a call that needs
 * a party not configured is refused with 503 instead of pretending to send.
 */
export function createProviders(config: Config, database: Database): Providers {
  const unavailable = async () => {
    throw commonErrors.create("SERVICE_UNAVAILABLE", {
      message: "Messaging is not configured. Please try again later.",
    });
  };
  const db = clientSourceFromPool(database.pool);
  // Each call timed by party and outcome (docs/operations.md "Metrics").
  return {
    sms: measureParty("sms", config.sandbox ? createSandboxSms({ db }) : { send: unavailable }),
    email: measureParty("email", createEmail(config, db, unavailable)),
  };
}

/** SMTP when configured; in sandbox mode the console's outbox keeps a copy of every email. */
function createEmail(config: Config, db: ClientSource, unavailable: () => Promise<never>): EmailProvider {
  const smtp = config.smtp ? createSmtpEmail(config.smtp) : undefined;
  if (!config.sandbox) return smtp ?? { send: unavailable };
  const outbox = createSandboxEmail({ db });
  if (!smtp) return outbox;
  return {
    async send(message) {
      await outbox.send(message);
      await smtp.send(message);
    },
  };
}
