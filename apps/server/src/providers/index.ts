import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { commonErrors } from "../http/app-error.ts";
import type { EmailProvider } from "./email/email-provider.ts";
import { createSandboxEmail } from "./email/sandbox-email.ts";
import { createSandboxSms } from "./sms/sandbox-sms.ts";
import type { SmsProvider } from "./sms/sms-provider.ts";

export type Providers = { sms: SmsProvider; email: EmailProvider };

/**
 * The outside parties. Sandbox mode uses the sandbox implementations; a production adapter is
 * chosen here by configuration, and nothing else changes. None is written yet: outside sandbox
 * mode a call that needs one is refused with 503 instead of pretending to send.
 */
export function createProviders(config: Config, database: Database): Providers {
  if (config.sandbox) return { sms: createSandboxSms(database.db), email: createSandboxEmail(database.db) };
  const unavailable = async () => {
    throw commonErrors.create("SERVICE_UNAVAILABLE", {
      message: "Messaging is not configured. Please try again later.",
    });
  };
  return { sms: { send: unavailable }, email: { send: unavailable } };
}
