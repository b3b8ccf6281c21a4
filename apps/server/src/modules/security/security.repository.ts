import { v7 as uuidv7 } from "uuid";
import type { SecurityEventKind } from "../../db/schema/security.ts";
import type { ClientSource, Tx } from "../../db/transaction.ts";
import type { SecurityEvent } from "./security.types.ts";

export type SecurityEventRow = {
  id: string;
  kind: SecurityEventKind;
  session_id: string | null;
  details: Record<string, string>;
  created_at: Date;
};

/** Appends one event in the acting use-case's transaction. */
export async function insertSecurityEventSql(tx: Tx, e: SecurityEvent): Promise<void> {
  await tx.query({
    name: "security_event_insert",
    text: `insert into security_events (merchant_id, id, customer_id, kind, session_id, details)
           values ($1, $2, $3, $4, $5, $6)`,
    values: [
      e.merchantId,
      uuidv7(),
      e.customerId,
      e.kind,
      e.sessionId ?? null,
      JSON.stringify(e.details ?? {}),
    ],
  });
}

/** Stores a "This wasn't me" link's hash (the token itself only travels in the email). */
export async function insertAlertLinkSql(
  tx: Tx,
  row: { merchantId: string; customerId: string; sessionId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `insert into security_alert_links (merchant_id, token_hash, customer_id, session_id, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [row.merchantId, row.tokenHash, row.customerId, row.sessionId, row.expiresAt],
  );
}

/**
 * Spends a link once: of two concurrent uses one finds it unused and marks it; the other, a
 * used or expired link, and another merchant's link find nothing. Answers whose it was.
 */
export async function useAlertLinkSql(
  tx: Tx,
  merchantId: string,
  tokenHash: string,
): Promise<{ customerId: string } | undefined> {
  const { rows } = await tx.query<{ customer_id: string }>(
    `update security_alert_links set used_at = now()
     where merchant_id = $1 and token_hash = $2 and used_at is null and expires_at > now()
     returning customer_id`,
    [merchantId, tokenHash],
  );
  return rows[0] ? { customerId: rows[0].customer_id } : undefined;
}

/** Reads of the security record, outside any use-case. */
export function createSecurityRepository(db: ClientSource) {
  return {
    /** A customer's events, newest first. */
    events: (merchantId: string, customerId: string, page: { offset: number; size: number }) =>
      db.withClient(async (c) => {
        const { rows } = await c.query<SecurityEventRow>(
          `select id, kind, session_id, details, created_at from security_events
           where merchant_id = $1 and customer_id = $2
           order by created_at desc, id desc offset $3 limit $4`,
          [merchantId, customerId, page.offset, page.size],
        );
        return rows;
      }),
  };
}
