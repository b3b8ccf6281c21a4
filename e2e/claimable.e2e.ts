import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newPhone } from "./accounts-support.ts";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { customerGet, sendIdentityDocuments } from "./kyc-support.ts";
import { ledgerViolations, withClient } from "./ledger-audit.ts";
import {
  type Customer,
  credit,
  customerAtKyc1,
  customerWithEmail,
  eventually,
  sandboxPost,
  serverWallets,
  signedInPage,
} from "./wallets-support.ts";

// Sending to a phone that is no customer's yet (docs/send.md "Sending to someone not yet a
// customer"): A is told before the money moves, the phone gets an invite, its owner signs up and
// verifies and finds the money once; an unclaimed send comes back to A after 7 days, on a clock
// the sandbox moves.

type Operation = { operationId: string; sendToPhoneModel: { claim?: { status: string } } | null };

/** "+49 1512 3456789" for 4915123456789: the digits, with spaces anywhere between them. */
const inFull = (phone: string) => `\\+${phone.split("").join(" ?")}`;

const usdt = async (customer: Customer) =>
  (await serverWallets(customer)).find((w) => w.currency === "USDT")?.balance ?? "";
const texts = async (phone: string): Promise<string[]> =>
  (
    (await (await fetch(`${baseUrl()}/sandbox/sms?phone=${phone}`)).json()) as {
      data: Array<{ body: string }>;
    }
  ).data.map((sms) => sms.body);

/** A sends `amount` USDT by phone to `phone`, which is nobody's yet: the confirmation says so first. */
async function sendToNewcomer(page: Page, phone: string, amount: string, shots?: string) {
  await page.goto(`${baseUrl()}/send/phone`);
  await page.getByLabel("Currency").selectOption("USDT");
  await page.getByLabel("Amount").fill(amount);
  await page.getByLabel("Recipient's phone number").fill(`+${phone}`);
  await page.getByText("0.00 USDT", { exact: true }).waitFor();
  if (shots) await shoot(page, `${shots}-form`);
  await page.getByRole("button", { name: "Continue" }).click();
  const summary = page.getByRole("region", { name: "Confirm the send" });
  await summary
    .getByText(
      /They are not with .+ yet: we'll text them an invite\. If they don't join in 7 days, the money comes back to you\./,
    )
    .waitFor();
  if (shots) {
    await shoot(page, `${shots}-confirm`);
    await expectNoSeriousAxeViolations(page, "send to a newcomer, confirm step");
  }
  await summary.getByRole("button", { name: "Send" }).click();
  const sent = page.getByRole("dialog", { name: "Invite sent" });
  await sent.getByText(/We texted them an invite\. The money waits for them until/).waitFor();
  if (shots) await shoot(page, `${shots}-sent`, { modal: true });
  return sent;
}

describe.skipIf(!e2eEnabled())("claimable transfers: sending to a phone that is no customer's yet", () => {
  let browser: Browser;
  let a: Customer;
  beforeAll(async () => {
    browser = await launchBrowser();
    a = await customerAtKyc1();
    await credit(a.phone, "USDT", "100");
  });
  afterAll(() => browser?.close());

  it("A sends to a new phone; its owner is invited, signs up, verifies, and finds the money there once", async () => {
    const phone = newPhone();
    const { context, page } = await signedInPage(browser, a);
    const sent = await sendToNewcomer(page, phone, "10", "claimable");
    await sent.getByRole("button", { name: "See history" }).click();
    const waiting = page.getByRole("button", { name: /Waiting for them to join/ });
    await waiting.waitFor();
    await shoot(page, "claimable-history-waiting");
    await waiting.click();
    const details = page.getByRole("dialog");
    // A reads the number they typed in full, to tell their invites apart.
    await details
      .getByText(
        new RegExp(
          `Waiting for ${inFull(phone)} to join\\. If they don't join by .+, the money comes back to you\\.`,
        ),
      )
      .waitFor();
    await details.getByRole("button", { name: "Cancel send" }).waitFor();
    await shoot(page, "claimable-details-waiting", { modal: true });
    await expectNoSeriousAxeViolations(page, "history details of a send waiting for its recipient");

    // The invite reaches the phone (a job of the send's transaction), with the merchant's sign-up link.
    const invite = await eventually(
      async () => (await texts(phone)).find((t) => t.includes("sent you")),
      "the invite",
    );
    expect(invite).toMatch(/sent you 10\.00 USDT with .+ Sign up with this phone number by .+\/sign-up$/);

    // Its owner signs up with that phone (KYC_0: the catalog wants KYC_2 to send by phone, so it waits).
    const b = await customerWithEmail("Lovelace", phone);
    expect(await usdt(b)).toMatch(/^0(\.0+)?$/);
    await sendIdentityDocuments(b);
    // Approved by the sandbox reviewer: the level's change queues the claim, which the worker runs.
    await eventually(async () => ((await usdt(b)).startsWith("10.") ? true : undefined), "the claim", 60_000);

    const bSide = await signedInPage(browser, b);
    await bSide.page.getByRole("region", { name: "Wallets" }).getByText("10.00 USDT").waitFor();
    await bSide.page.goto(`${baseUrl()}/history`);
    const received = bSide.page.getByRole("button", { name: /Received by phone/ });
    await received.waitFor();
    expect(await received.count()).toBe(1);
    expect(await received.textContent()).toContain("+10.00 USDT");
    await shoot(bSide.page, "claimable-b-history");
    // B is texted on the phone the money was sent to (a job of the claim's transaction).
    const arrived = await eventually(
      async () => (await texts(phone)).find((t) => t.startsWith("You received")),
      "B's text about the money",
    );
    expect(arrived).toMatch(/^You received 10\.00 USDT from .+ with .+\. It is in your wallet\.$/);
    await bSide.context.close();

    // Once: the sweep runs every minute and may look at it again; nothing moves twice.
    const claimId = (await customerGet<{ operations: Operation[] }>(a, "/v2/history/operations"))
      .operations[0]?.operationId;
    const releases = await withClient(
      inject("e2eDatabaseUrl"),
      async (client) =>
        (
          await client.query("select count(*)::int as n from ledger_operations where idempotency_key = $1", [
            `claim:${claimId}`,
          ])
        ).rows[0].n,
    );
    expect(releases).toBe(1);
    expect(await usdt(b)).toMatch(/^10(\.0+)?$/);
    await page.reload();
    await page
      .getByRole("button", { name: /Sent by phone/ })
      .first()
      .waitFor();
    await shoot(page, "claimable-history-claimed");
    expect((await texts(a.phone)).some((t) => /joined and received the 10\.00 USDT you sent/.test(t))).toBe(
      true,
    );
    await context.close();
  }, 180_000);

  it("A cancels a waiting send after saying yes once; the open details then read cancelled throughout", async () => {
    const before = await usdt(a);
    const phone = newPhone();
    const { context, page } = await signedInPage(browser, a);
    const sent = await sendToNewcomer(page, phone, "3");
    await sent.getByRole("button", { name: "See history" }).click();
    await page
      .getByRole("button", { name: /Waiting for them to join/ })
      .first()
      .click();
    const details = page.getByRole("dialog", { name: "Waiting for them to join" });
    await details.getByText("Why it waits").waitFor();
    await details.getByRole("button", { name: "Cancel send" }).click();
    const ask = page.getByRole("dialog", { name: "Cancel this send?" });
    await ask
      .getByText(new RegExp(`The 3\\.00 USDT waiting for ${inFull(phone)} comes back to your wallet now`))
      .waitFor();
    await shoot(page, "claimable-cancel-confirm", { modal: true });
    await expectNoSeriousAxeViolations(page, "cancel a waiting send, the question");
    await ask.getByRole("button", { name: "Yes, cancel the send" }).click();

    const after = page.getByRole("dialog", { name: "Send cancelled" });
    await after.getByText("You cancelled this send: the money came back to you.").waitFor();
    await after.getByText("Cancelled", { exact: true }).waitFor();
    for (const gone of ["Why it waits", "What happens next", "How long", "Up to 7 days"])
      expect(await after.getByText(gone, { exact: true }).count()).toBe(0);
    expect(await after.getByRole("button", { name: "Cancel send" }).count()).toBe(0);
    await shoot(page, "claimable-details-cancelled", { modal: true });
    await expectNoSeriousAxeViolations(page, "history details of a cancelled send");
    expect(await usdt(a)).toBe(before);
    await context.close();
  }, 120_000);

  it("unclaimed for 7 days (the sandbox moves its clock), the money comes back to A, once", async () => {
    const before = await usdt(a);
    const phone = newPhone();
    const { context, page } = await signedInPage(browser, a);
    await sendToNewcomer(page, phone, "5");
    const { operations } = await customerGet<{ operations: Operation[] }>(a, "/v2/history/operations");
    const held = operations.find((o) => o.sendToPhoneModel?.claim?.status === "HELD");
    if (!held) throw new Error("no held send in A's history");
    expect(await usdt(a)).not.toBe(before);

    // The tester's way: the sandbox console links the clock's page; its form moves it on.
    await page.goto(`${baseUrl()}/sandbox`);
    await page.getByRole("link", { name: /Move a send's 7-day clock on/ }).click();
    await page.getByLabel("Send's id").fill(held.operationId);
    await page.getByLabel("Days").fill("7");
    await page.getByRole("button", { name: "Move its clock on" }).click();
    await page.getByRole("status").getByText("Its time was up: the money went back to the sender.").waitFor();
    await shoot(page, "claimable-sandbox-clock");
    // Again: already back, nothing moves.
    await sandboxPost(`/sandbox/claimable-transfers/${held.operationId}/advance`, { days: 1 });
    expect(await usdt(a)).toBe(before);

    await page.goto(`${baseUrl()}/history`);
    const returned = page.getByRole("button", { name: /Came back to you/ });
    await returned.waitFor();
    // Its amount did not stay gone: struck through, and said so to a screen reader.
    await returned.locator(".k-history__struck").getByText("−5.00 USDT").waitFor();
    expect(await returned.textContent()).toContain("returned to you");
    await shoot(page, "claimable-history-returned");
    await returned.click();
    await page
      .getByRole("dialog")
      .getByText(/didn't join within 7 days: the money came back to you\./)
      .waitFor();
    await shoot(page, "claimable-details-returned", { modal: true });
    await eventually(
      async () =>
        (await texts(a.phone)).some((t) => t.includes("did not join within 7 days")) ? true : undefined,
      "A's text about the return",
    );
    await context.close();
    expect(await ledgerViolations(inject("e2eDatabaseUrl"))).toEqual([]);
  }, 120_000);
});
