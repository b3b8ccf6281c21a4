import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSeriousAxeViolations } from "./axe.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { customerGet } from "./kyc-support.ts";
import { ledgerOperationCount, ledgerViolations } from "./ledger-audit.ts";
import {
  advanceChain,
  type Customer,
  chainDeposit,
  credit,
  customerAtKyc1,
  customerWithEmail,
  eventually,
  expectHomeMatchesServer,
  maskedPhonePattern,
  minorUnits,
  serverWallets,
  signedInPage,
} from "./wallets-support.ts";

// The money loop on screen, two customers each in their own browser: A (KYC_2) watches a chain
// deposit confirm, sends to B by phone (B sees it arrive) and to an outside address (pending,
// then completed); both home screens agree with the server, and the ledger audits clean.
// The sandbox chain stands still in this suite (global-setup.ts): the tests move it with
// advanceChain, so every intermediate state can be seen on screen, never raced past.

const OUTSIDE_BTC = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";

type HistoryItem = { sendToWalletModel: { txHash: string | null } | null };

describe.skipIf(!e2eEnabled())(
  "wallets: deposit, send by phone and to an address, on both customers' screens",
  () => {
    let browser: Browser;
    // A and B for the whole file, each test going on from the last: sign-ups per IP are limited,
    // and the suite shares one server.
    let a: Customer;
    let b: Customer;
    beforeAll(async () => {
      browser = await launchBrowser();
      [a, b] = await Promise.all([customerAtKyc1(), customerWithEmail("Hopper")]);
    });
    afterAll(() => browser?.close());

    it("A watches a test deposit on the receive screen at 0 of 2, then 1 of 2 confirmations, then credited", async () => {
      const { context, page } = await signedInPage(browser, a);
      await page.goto(`${baseUrl()}/top-up/receive`);
      await page.getByLabel("Currency").selectOption("BTC");
      await page.getByRole("img", { name: "QR code of your BTC address" }).waitFor();
      await shoot(page, "wallets-receive");
      const address = (await page.locator(".k-receive__code").textContent()) ?? "";
      const { txHash, requiredConfirmations } = await chainDeposit(address, "BTC", "0.01");
      expect(requiredConfirmations).toBe(2);

      // No reload: the screen looks for deposits by itself (every 5 s, every 3 s while one is pending).
      const pending = page.getByRole("region", { name: "Pending deposits" });
      await pending.getByText("0 of 2 confirmations").waitFor({ timeout: 30_000 });
      await pending.getByText("0.01000000 BTC").waitFor();
      await shoot(page, "wallets-receive-pending");
      await expectNoSeriousAxeViolations(page, "receive, a deposit pending");
      const btc = async () => (await serverWallets(a)).find((w) => w.currency === "BTC")?.balance ?? "";
      expect(minorUnits(await btc(), "BTC")).toBe(0n); // pending is not credited yet
      await advanceChain(txHash, 1);
      await pending.getByText("1 of 2 confirmations").waitFor({ timeout: 30_000 });
      await advanceChain(txHash, 1);
      await pending.waitFor({ state: "detached", timeout: 30_000 });
      // Confirmed on this visit: it stays in sight, marked credited.
      const credited = page.getByRole("region", { name: "Credited deposits" });
      await credited.getByText("Credited to your wallet").waitFor();
      await credited.getByText("0.01000000 BTC").waitFor();
      await shoot(page, "wallets-receive-credited");

      await page.goto(`${baseUrl()}/`);
      await page.getByRole("region", { name: "Wallets" }).getByText("0.01000000 BTC").waitFor();
      const received = page.getByRole("region", { name: "Recent operations" }).getByRole("button", {
        name: /^Received/,
      });
      await expect.poll(() => received.textContent()).toContain("Completed");
      await context.close();
    }, 90_000);

    it("A sends to B by phone; B, signed in in its own browser, sees it arrive with A's phone masked", async () => {
      await credit(a.phone, "USDT", "100");
      const bSide = await signedInPage(browser, b);
      const bWallets = bSide.page.getByRole("region", { name: "Wallets" });
      await bWallets.getByText("USDT", { exact: true }).waitFor();

      const { context, page } = await signedInPage(browser, a);
      await page.getByRole("region", { name: "Wallets" }).getByText("100.00 USDT").waitFor();
      await shoot(page, "wallets-home");
      await expectNoSeriousAxeViolations(page, "home");
      await page.goto(`${baseUrl()}/send/phone`);
      await page.getByLabel("Currency").selectOption("USDT");
      await page.getByLabel("Amount").fill("10");
      await page.getByLabel("Recipient's phone number").fill(`+${b.phone}`);
      await page.getByText("0.00 USDT", { exact: true }).waitFor();
      await shoot(page, "wallets-send");
      await page.getByRole("button", { name: "Continue" }).click();
      const summary = page.getByRole("region", { name: "Confirm the send" });
      await summary.waitFor();
      await shoot(page, "wallets-send-confirm");
      await expectNoSeriousAxeViolations(page, "send by phone, confirm step");
      await summary.getByRole("button", { name: "Send" }).click();
      const success = page.getByRole("dialog", { name: "Sent" });
      await success.getByText("10.00 USDT").waitFor();
      await shoot(page, "wallets-send-success", { modal: true });
      await success.getByRole("button", { name: "See history" }).click();
      await page.getByRole("heading", { name: "History", level: 1 }).waitFor();
      await page.getByRole("button", { name: /Sent by phone/ }).waitFor();
      await shoot(page, "wallets-history");
      await expectNoSeriousAxeViolations(page, "history");
      await context.close();

      // B looks again at its own home: the money and the operation, A named only by a masked phone.
      const bPage = bSide.page;
      await bPage.reload();
      await bWallets.getByText("10.00 USDT").waitFor();
      const incoming = bPage
        .getByRole("region", { name: "Recent operations" })
        .getByRole("button", { name: /Received by phone/ });
      await incoming.waitFor();
      expect(await incoming.textContent()).toMatch(maskedPhonePattern(a.phone));
      expect(await incoming.textContent()).toContain("+10.00 USDT");
      expect(await bPage.locator("body").innerText()).not.toContain(a.phone);
      await shoot(bPage, "wallets-b-home-received");
      await bPage.goto(`${baseUrl()}/history`);
      await bPage.getByRole("button", { name: /Received by phone/ }).waitFor();
      await shoot(bPage, "wallets-b-history");
      await bSide.context.close();
    });

    it("A sends to an outside address: pending on screen, then completed once the chain confirms", async () => {
      const { context, page } = await signedInPage(browser, a);
      await page.goto(`${baseUrl()}/send/wallet`);
      await page.getByLabel("Currency").selectOption("BTC");
      await page.getByLabel("Amount").fill("0.001");
      await page.getByLabel("Recipient's address").fill(OUTSIDE_BTC);
      await page.getByText("The address is valid").waitFor();
      await shoot(page, "wallets-send-wallet");
      await expectNoSeriousAxeViolations(page, "send to a wallet");
      await page.getByRole("button", { name: "Continue" }).click();
      await page
        .getByRole("region", { name: "Confirm the send" })
        .getByRole("button", { name: "Send" })
        .click();
      const pendingDialog = page.getByRole("dialog", { name: "Pending" });
      await pendingDialog.getByText("0.00100000 BTC").waitFor();
      await shoot(page, "wallets-send-wallet-pending", { modal: true });
      await pendingDialog.getByRole("button", { name: "See history" }).click();

      // The broadcast gives the withdrawal a transaction hash; the chain then waits for the test.
      const txHash = await eventually(async () => {
        const { operations } = await customerGet<{ operations: HistoryItem[] }>(
          a,
          "/v2/history/operations?typeFilter=SEND_TO_WALLET",
        );
        return operations[0]?.sendToWalletModel?.txHash ?? undefined;
      }, "the withdrawal's transaction hash");
      await page.reload();
      const row = page.getByRole("button", { name: /Sent to a wallet/ });
      expect(await row.textContent()).toContain("Pending");
      await row.click();
      const details = page.getByRole("dialog", { name: "Sent to a wallet" });
      await details.getByText(txHash).waitFor();
      await details.getByText("0 / 2", { exact: true }).waitFor();
      await shoot(page, "wallets-send-wallet-details-pending", { modal: true });
      await expectNoSeriousAxeViolations(page, "withdrawal details");
      await page.keyboard.press("Escape");

      await advanceChain(txHash, 2);
      await expect
        .poll(
          async () => {
            await page.reload();
            return row.textContent();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toContain("Completed");
      await shoot(page, "wallets-history-after-withdrawal");
      await context.close();
    });

    it("every balance on A's and B's home screens is the one the server answers", async () => {
      // 0.01 deposited; 0.001 sent plus the network fee 0.00002 and 0.10 % (0.000001): 0.008979.
      const expected = { a: { BTC: "0.008979", USDT: "90" }, b: { USDT: "10" } };
      for (const [customer, balances] of [
        [a, expected.a],
        [b, expected.b],
      ] as const) {
        const wallets = await serverWallets(customer);
        for (const [currency, amount] of Object.entries(balances)) {
          const wallet = wallets.find((w) => w.currency === currency);
          expect(wallet && minorUnits(wallet.balance, currency)).toBe(minorUnits(amount, currency));
        }
        const { context, page } = await signedInPage(browser, customer);
        await expectHomeMatchesServer(page, customer);
        await context.close();
      }
    });

    it("the ledger of the suite's database passes every ledger:audit invariant after the money moved", async () => {
      const databaseUrl = inject("e2eDatabaseUrl");
      // faucet, deposit, send by phone, withdrawal reserved and settled, at the least
      expect(await ledgerOperationCount(databaseUrl)).toBeGreaterThanOrEqual(5);
      expect(await ledgerViolations(databaseUrl)).toEqual([]);
    });
  },
);
