import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../db/database.ts";
import { smsOutbox } from "../../db/schema/index.ts";
import type { SmsProvider } from "./sms-provider.ts";

/** Sandbox SMS gateway: "delivers" by writing to the outbox (GET /sandbox/sms shows it). */
export function createSandboxSms(db: Db): SmsProvider {
  return {
    async send({ merchantId, phone, body }) {
      await db.insert(smsOutbox).values({ id: uuidv7(), merchantId, phone, body });
    },
  };
}
