import { expect } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { broadcastPayload } from "../../jobs/chain-jobs.ts";
import {
  CHAIN_NOTIFICATION_PATH,
  CHAIN_SIGNATURE_HEADER,
  type ChainNotification,
  type DeliverNotification,
  signChainNotification,
} from "../../providers/chain/chain-notification.ts";
import { CHAIN_BROADCAST_TASK, SANDBOX_CHAIN_TICK_TASK } from "../../providers/chain/chain-provider.ts";
import { createSandboxChain } from "../../providers/chain/sandbox-chain.ts";
import type { TestApp } from "../../test-app.ts";
import { kycDriver } from "../kyc/kyc.test-helpers.ts";
import { checkInvariants } from "../ledger/index.ts";

export type Wallet = {
  currency: string;
  balance: string;
  availableBalance: string;
  address: string;
  network: string | null;
  walletCreationState: string;
};

/**
 * Drives wallets, the sandbox chain and sends over HTTP for tests. The chain's worker jobs are
 * run here, one due job at a time, delivering notifications through the app (no worker runs).
 */
export function cryptoDriver(t: TestApp) {
  const kyc = kycDriver(t);
  const bearer = kyc.bearer;
  // The chain keeps its state in the database: an instance of its own acts as the worker's.
  const chain = createSandboxChain({
    db: clientSourceFromPool(t.database.pool),
    secondsPerConfirmation: t.config.chainConfirmationSeconds,
    callbackSecret: t.config.secrets.callback,
  });
  let keys = 0;

  const deliver: DeliverNotification = async (rawBody, signature) => {
    const res = await t.app.inject({
      method: "POST",
      url: CHAIN_NOTIFICATION_PATH,
      headers: { "content-type": "application/json", [CHAIN_SIGNATURE_HEADER]: signature },
      payload: rawBody,
    });
    return { status: res.statusCode };
  };

  const driver = {
    bearer,
    /** Hands a signed notification to the app, as the worker's HTTP delivery does. */
    deliver,
    /** A signed-in customer verified to KYC_2 (sends need it), of the demo merchant unless told. */
    verified: (merchantId?: string) => kyc.verifiedCustomer(merchantId),
    /** Signed in, profile complete (KYC_0): may receive, may not send. */
    unverified: () => kyc.customer("Lovelace"),
    /** A sandbox console form posted as the browser posts it (its buttons: pay, mine). */
    consoleForm: (url: string, body: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(body).toString(),
      }),
    async wallets(token: string): Promise<Wallet[]> {
      const res = await t.app.inject({ url: "/v2/wallets", headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return res.json().wallets;
    },
    async wallet(token: string, currency: string): Promise<Wallet> {
      const w = (await driver.wallets(token)).find((x) => x.currency === currency);
      if (!w) throw new Error(`no ${currency} wallet`);
      return w;
    },
    /** Sandbox money into a wallet, at the customer's merchant (the demo merchant unless told). */
    faucet: (phone: string, currency: string, amount: string, merchantId?: string) =>
      t.app.inject({
        method: "POST",
        url: "/sandbox/wallets/credit",
        headers: {
          "idempotency-key": `faucet-${++keys}`,
          ...(merchantId ? { "x-merchant-id": merchantId } : {}),
        },
        payload: { phone, currency, amount },
      }),
    deposit: (address: string, currency: string, amount: string) =>
      t.app.inject({ method: "POST", url: "/sandbox/chain/deposit", payload: { address, currency, amount } }),
    advance: (txHash: string, confirmations: number) =>
      t.app.inject({ method: "POST", url: "/sandbox/chain/advance", payload: { txHash, confirmations } }),
    send: (
      token: string,
      body: Record<string, unknown>,
      key: string | null = `send-${++keys}`,
      code?: string,
    ) =>
      t.app.inject({
        method: "POST",
        url: "/v1/wallet/send",
        headers: {
          ...bearer(token),
          ...(key === null ? {} : { "idempotency-key": key }),
          ...(code ? { "x-confirmation-code": code } : {}),
        },
        payload: body,
      }),
    history: (token: string, query = "") =>
      t.app.inject({ url: `/v2/history/operations${query ? `?${query}` : ""}`, headers: bearer(token) }),
    /** A notification as the chain would sign it (any content: for replays and forgeries). */
    notify(n: ChainNotification, secret = t.config.secrets.callback) {
      const raw = JSON.stringify(n);
      return t.app.inject({
        method: "POST",
        url: CHAIN_NOTIFICATION_PATH,
        headers: {
          "content-type": "application/json",
          [CHAIN_SIGNATURE_HEADER]: signChainNotification(secret, raw),
        },
        payload: raw,
      });
    },
    /** Runs the chain's due jobs (broadcasts, ticks) until none is due; answers how many ran. */
    async runChainJobs(limit = 100): Promise<number> {
      let ran = 0;
      for (; ran < limit; ran++) {
        const { rows } = await t.database.pool.query<{ id: string; identifier: string; payload: unknown }>(
          `delete from graphile_worker._private_jobs j using graphile_worker._private_tasks k
           where k.id = j.task_id and j.id = (
             select j2.id from graphile_worker._private_jobs j2 join graphile_worker._private_tasks k2 on k2.id = j2.task_id
             where k2.identifier = any($1) and j2.run_at <= now() order by j2.run_at, j2.id limit 1)
           returning j.id, k.identifier, j.payload`,
          [[CHAIN_BROADCAST_TASK, SANDBOX_CHAIN_TICK_TASK]],
        );
        const job = rows[0];
        if (!job) break;
        if (job.identifier === CHAIN_BROADCAST_TASK) {
          const order = broadcastPayload.parse(job.payload);
          await chain.broadcastWithdrawal({
            ...order,
            amount: BigInt(order.amount),
            networkFee: BigInt(order.networkFee),
          });
        } else {
          await chain.tick((job.payload as { txHash: string }).txHash, deliver);
        }
      }
      return ran;
    },
    async expectInvariants() {
      const client = await t.database.pool.connect();
      try {
        const failed = (await checkInvariants(client)).filter((v) => v.violations.length > 0);
        expect(failed).toEqual([]);
      } finally {
        client.release();
      }
    },
  };
  return driver;
}
