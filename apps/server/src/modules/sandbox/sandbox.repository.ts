import type { ClientSource } from "../../db/transaction.ts";

export type OutboxSmsRow = { id: string; merchantId: string; phone: string; body: string; createdAt: Date };
export type OutboxEmailRow = {
  id: string;
  merchantId: string;
  to: string;
  subject: string;
  body: string;
  createdAt: Date;
};

/** Reads what the sandbox providers "sent". Sandbox mode only. */
export function createSandboxRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    async smsTo(phone: string, limit = 50): Promise<OutboxSmsRow[]> {
      const { rows } = await db.withClient((c) =>
        c.query<OutboxSmsRow>(
          `select id, merchant_id as "merchantId", phone, body, created_at as "createdAt"
           from sms_outbox where phone = $1 order by created_at desc limit $2`,
          [phone, limit],
        ),
      );
      return rows;
    },
    async emailsTo(to: string, limit = 50): Promise<OutboxEmailRow[]> {
      const { rows } = await db.withClient((c) =>
        c.query<OutboxEmailRow>(
          `select id, merchant_id as "merchantId", to_address as "to", subject, body, created_at as "createdAt"
           from email_outbox where to_address = $1 order by created_at desc limit $2`,
          [to, limit],
        ),
      );
      return rows;
    },
  };
}

export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
