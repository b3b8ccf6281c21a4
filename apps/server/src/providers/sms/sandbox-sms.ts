import { v7 as uuidv7 } from "uuid";
import type { ClientSource } from "../../db/transaction.ts";
import type { SmsProvider } from "./sms-provider.ts";

/** Sandbox SMS gateway: "delivers" by writing to the outbox (GET /sandbox/sms shows it). */
export function createSandboxSms(deps: { db: ClientSource }): SmsProvider {
  return {
    async send({ merchantId, phone, body }) {
      await deps.db.withClient((c) =>
        c.query("insert into sms_outbox (id, merchant_id, phone, body) values ($1, $2, $3, $4)", [
          uuidv7(),
          merchantId,
          phone,
          body,
        ]),
      );
    },
  };
}
