import type { SandboxRepository } from "./sandbox.repository.ts";

export type OutboxSms = { id: string; merchantId: string; phone: string; body: string; sentAt: string };
export type OutboxEmail = {
  id: string;
  merchantId: string;
  to: string;
  subject: string;
  body: string;
  sentAt: string;
};

/** The sandbox world a tester drives: outboxes now; deposits, KYC, cards and SEPA join later. */
export function createSandboxService(deps: { repository: SandboxRepository }) {
  return {
    async smsTo(phone: string): Promise<OutboxSms[]> {
      const rows = await deps.repository.smsTo(phone);
      return rows.map((r) => ({
        id: r.id,
        merchantId: r.merchantId,
        phone: r.phone,
        body: r.body,
        sentAt: r.createdAt.toISOString(),
      }));
    },
    async emailsTo(to: string): Promise<OutboxEmail[]> {
      const rows = await deps.repository.emailsTo(to);
      return rows.map((r) => ({
        id: r.id,
        merchantId: r.merchantId,
        to: r.to,
        subject: r.subject,
        body: r.body,
        sentAt: r.createdAt.toISOString(),
      }));
    },
  };
}
