import { expect } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { bankSendPayload } from "../../jobs/bank-jobs.ts";
import {
  BANK_NOTIFICATION_PATH,
  BANK_SIGNATURE_HEADER,
  type DeliverBankNotification,
} from "../../providers/bank/bank-notification.ts";
import { BANK_SEND_TASK, SANDBOX_BANK_TICK_TASK } from "../../providers/bank/bank-provider.ts";
import { createSandboxBank } from "../../providers/bank/sandbox-bank.ts";
import type { TestApp } from "../../test-app.ts";
import { accountsDriver } from "../auth/auth.test-helpers.ts";

const ADDITIONAL_INFO = {
  isUsRelated: false,
  incomeSources: ["salary", "savings"],
  estimatedMonthlyTurnoverRange: "1001-3000",
  taxCountry: "DE",
  taxId: "DE123456789",
};
const BILLING_ADDRESS = { country: "DE", city: "Berlin", address1: "Hauptstraße 1", zipCode: "10115" };

/**
 * Drives the IBAN calls over HTTP the way the web app does, and the sandbox bank's worker jobs
 * (sends and ticks) one due job at a time, delivering its signed notifications through the app.
 */
export function ibanDriver(t: TestApp, merchantId?: string) {
  // A token is good on its own merchant only: another merchant's customer names it, as its app does.
  const bearer = (token: string) => ({
    authorization: `Bearer ${token}`,
    ...(merchantId ? { "x-merchant-id": merchantId } : {}),
  });
  const bank = createSandboxBank({
    db: clientSourceFromPool(t.database.pool),
    executionSeconds: t.config.bankExecutionSeconds,
    callbackSecret: t.config.secrets.callback,
  });
  /** Every notification delivered, raw and signed, so a test can deliver one again. */
  const delivered: { raw: string; signature: string; status: number }[] = [];
  const deliver: DeliverBankNotification = async (raw, signature) => {
    const res = await driver.notify(raw, signature);
    delivered.push({ raw, signature, status: res.statusCode });
    return { status: res.statusCode };
  };
  let keys = 0;

  const driver = {
    bank,
    delivered,
    get: (token: string, url: string) => t.app.inject({ url, headers: bearer(token) }),
    post: (token: string, url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url, headers: bearer(token), ...(payload ? { payload } : {}) }),
    list: (token: string) => t.app.inject({ url: "/v2/iban/list", headers: bearer(token) }),
    request: (token: string) => driver.post(token, "/v2/iban/iban-requests"),
    info: (token: string, body: Record<string, unknown> = ADDITIONAL_INFO) =>
      driver.post(token, "/v2/iban/additional-personal-info", body),
    address: (token: string, body: Record<string, unknown> = BILLING_ADDRESS) =>
      driver.post(token, "/v2/iban/addresses", body),
    cancel: (token: string, id: string) => driver.get(token, `/v2/iban/iban-requests/${id}/cancel`),
    /** Orders and gets an IBAN issued (a verified customer): the list's item. */
    async issue(token: string) {
      expect((await driver.request(token)).statusCode).toBe(200);
      expect((await driver.info(token)).statusCode).toBe(200);
      expect((await driver.address(token)).statusCode).toBe(200);
      const item = (await driver.list(token)).json().ibans[0];
      expect(item.status).toBe("ACTIVE");
      return item as { id: string; iban: string; bic: string; balance: string; availableBalance: string };
    },
    addRecipient: (token: string, body: Record<string, unknown>) =>
      driver.post(token, "/v2/iban/recipients", body),
    withdraw: (
      token: string,
      ibanId: string,
      body: Record<string, unknown>,
      key: string = `withdraw-${++keys}`,
      code?: string,
    ) =>
      t.app.inject({
        method: "POST",
        url: `/v2/iban/${ibanId}/withdraw`,
        headers: {
          ...bearer(token),
          "idempotency-key": key,
          ...(code ? { "x-confirmation-code": code } : {}),
        },
        payload: body,
      }),
    /** A withdrawal confirmed by its SMS code, as the web app does it (ask, read the code, repeat). */
    async confirmedWithdraw(
      c: { token: string; phone: string },
      ibanId: string,
      body: Record<string, unknown>,
    ) {
      const key = `withdraw-${++keys}`;
      const first = await driver.withdraw(c.token, ibanId, body, key);
      expect(first.statusCode, first.body).toBe(403);
      expect(first.json()).toMatchObject({ error: "CONFIRMATION_REQUIRED" });
      const code = await accountsDriver(t.app, t.database).lastCode(c.phone);
      return driver.withdraw(c.token, ibanId, body, key, code);
    },
    history: (token: string, ibanId: string) => driver.get(token, `/v2/history/iban/${ibanId}`),
    balance: async (token: string) => {
      const item = (await driver.list(token)).json().ibans[0];
      return { balance: item.balance as string, available: item.availableBalance as string };
    },
    transferIn: (iban: string, amount: string, reference = "Invoice 42") =>
      t.app.inject({
        method: "POST",
        url: "/sandbox/bank/transfer-in",
        payload: {
          iban,
          senderName: "Erika Mustermann",
          senderIban: "DE89370400440532013000",
          amount,
          reference,
        },
      }),
    notify: (raw: string, signature: string) =>
      t.app.inject({
        method: "POST",
        url: BANK_NOTIFICATION_PATH,
        headers: { "content-type": "application/json", [BANK_SIGNATURE_HEADER]: signature },
        payload: raw,
      }),
    /** Runs the bank's due jobs (sends, ticks) until none is due; answers how many ran. */
    async runBankJobs(limit = 100): Promise<number> {
      let ran = 0;
      for (; ran < limit; ran++) {
        const { rows } = await t.database.pool.query<{ identifier: string; payload: unknown }>(
          `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
           where k.id = j.task_id and j.id = (
             select j2.id from graphile_worker._private_jobs j2 join graphile_worker._private_tasks k2 on k2.id = j2.task_id
             where k2.identifier = any($1) and j2.run_at <= now() order by j2.run_at, j2.id limit 1)
           returning k.identifier, j.payload`,
          [[BANK_SEND_TASK, SANDBOX_BANK_TICK_TASK]],
        );
        const job = rows[0];
        if (!job) break;
        if (job.identifier === BANK_SEND_TASK) {
          const order = bankSendPayload.parse(job.payload);
          await bank.sendTransfer({ ...order, amount: BigInt(order.amount) });
        } else {
          await bank.tick((job.payload as { id: string }).id, deliver);
        }
      }
      return ran;
    },
    /** The rail's id of our outgoing transfer. */
    async railIdOf(transferId: string): Promise<string> {
      const { rows } = await t.database.pool.query<{ id: string }>(
        "select id from sandbox_bank_transfers where reference = $1",
        [transferId],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error(`transfer ${transferId} not at the bank`);
      return id;
    },
  };
  return driver;
}
