import { Logger, runOnce } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../db/embedded.ts";
import { cryptoDriver } from "../modules/crypto/crypto.test-helpers.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { createTaskList } from "./index.ts";

let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;

// The worker as it runs in production: its task list, the queue in PostgreSQL, and the chain's
// notifications going to the server over HTTP (PUBLIC_BASE_URL), signed.
beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    CHAIN_CONFIRMATION_SECONDS: "0",
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  d = cryptoDriver(t);
});
afterAll(() => t.close());

const quiet = new Logger(() => () => {});
const work = () => runOnce({ pgPool: t.database.pool, taskList: createTaskList(t.config), logger: quiet });

describe("the chain's worker jobs", () => {
  it("credit a deposit and settle a withdrawal through signed HTTP notifications", async () => {
    const alice = await d.verified();
    const address = (await d.wallet(alice.token, "LTC")).address;
    expect((await d.deposit(address, "LTC", "2")).statusCode).toBe(200);
    await work();
    expect((await d.wallet(alice.token, "LTC")).balance).toBe("2.00000000");

    const sent = await d.send(alice.token, {
      address: "ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh",
      amount: "1",
      currency: "LTC",
    });
    expect(sent.json()).toMatchObject({ status: "PENDING", fee: "0.00110000" });
    await work();
    const [withdrawal] = (await d.history(alice.token, "typeFilter=SEND_TO_WALLET")).json().operations;
    expect(withdrawal).toMatchObject({ status: "COMPLETED", operationId: sent.json().txId });
    expect(withdrawal.sendToWalletModel).toMatchObject({ confirmations: 6, requiredConfirmations: 6 });
    expect(await d.wallet(alice.token, "LTC")).toMatchObject({
      balance: "0.99890000",
      availableBalance: "0.99890000",
    });
    await d.expectInvariants();
  });
});
