import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { createWalletClient, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  LOCAL_EVM_CHAIN_ID,
  LOCAL_EVM_FUNDED_KEY,
  LOCAL_EVM_HOT_WALLET_KEY,
  type LocalEvmNode,
  startLocalEvmNode,
} from "../apps/server/src/providers/chain/local/local-evm-node.ts";
import { e2eEnabled, launchBrowser, shoot, useOwnProduct } from "./browser.ts";
import { e2eEnv, freePort, stopProcess, waitForReady } from "./global-setup.ts";
import { customerGet } from "./kyc-support.ts";
import { ledgerOperationCount, ledgerViolations, withClient } from "./ledger-audit.ts";
import {
  type Customer,
  customerWithEmail,
  minorUnits,
  serverWallets,
  signedInPage,
} from "./wallets-support.ts";

// The receive journey of wallets.e2e.ts, on a real chain: a local EVM node (Hardhat's, from npm)
// and a product of its own configured with CHAIN_ETH=evm (the suite's shared product runs the
// sandbox chain). The customer opens Receive, the test pays ETH to the address shown and mines;
// the screen shows the follower's "N of M" and the credit, once.

const M = 3;
const repoRoot = path.resolve(import.meta.dirname, "..");
const payer = privateKeyToAccount(LOCAL_EVM_FUNDED_KEY);

type ReceiveItem = { type: string; status: string; receiveCryptoModel: { txHash: string } | null };

describe.skipIf(!e2eEnabled())("receive on a local EVM node: pending N of M, then credited once", () => {
  let node: LocalEvmNode;
  let product: ChildProcess | undefined;
  let databaseUrl: string;
  let dataDir: string;
  let browser: Browser;
  let customer: Customer;

  beforeAll(async () => {
    node = await startLocalEvmNode(await freePort());
    // A database of its own on the suite's PostgreSQL: the product migrates it as it starts.
    const shared = new URL(inject("e2eDatabaseUrl"));
    const name = `receive_evm_${Date.now()}`;
    await withClient(shared.href, (client) => client.query(`create database ${name}`));
    shared.pathname = `/${name}`;
    databaseUrl = shared.href;
    dataDir = await mkdtemp(path.join(repoRoot, ".test-data", "e2e-evm-"));
    await chmod(dataDir, 0o755);
    const logFile = path.join(dataDir, "server.log");
    product = spawn(process.execPath, [path.join(repoRoot, "scripts/start.ts")], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: "info",
        NODE_ENV: "test",
        ...e2eEnv(),
        CHAIN_ETH: "evm",
        EVM_RPC_URL: node.rpcUrl,
        EVM_CHAIN_ID: String(LOCAL_EVM_CHAIN_ID),
        EVM_CONFIRMATIONS: String(M),
        EVM_HOT_WALLET_KEY: LOCAL_EVM_HOT_WALLET_KEY,
        EVM_START_BLOCK: "0",
        EVM_POLL_SECONDS: "1",
        EXPLORER_ERC20_TX_URL: "https://explorer.example/tx/{txHash}",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      useOwnProduct(await waitForReady(product, logFile));
    } catch (e) {
      console.error(readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n"));
      throw e;
    }
    browser = await launchBrowser();
    customer = await customerWithEmail("Lovelace");
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    if (product) await stopProcess(product);
    await node?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("shows the ETH address, the payment at 1, 2 of 3 confirmations, then credits it once", async () => {
    const { context, page } = await signedInPage(browser, customer);
    await page.goto(`${new URL(page.url()).origin}/top-up/receive`);
    await page.getByLabel("Currency").selectOption("ETH");
    await page.getByRole("img", { name: "QR code of your ETH address" }).waitFor();
    const address = ((await page.locator(".k-receive__code").textContent()) ?? "") as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The node's M (EVM_CONFIRMATIONS), not the product's default for Ethereum.
    await page.getByText(`A deposit is credited after ${M} network confirmations.`).waitFor();

    // The node mines each transaction into a block of its own: one confirmation at once.
    const wallet = createWalletClient({ account: payer, transport: http(node.rpcUrl) });
    const txHash = await wallet.sendTransaction({ to: address, value: parseEther("0.05"), chain: null });
    const pending = page.getByRole("region", { name: "Pending deposits" });
    await pending.getByText(`1 of ${M} confirmations`).waitFor({ timeout: 30_000 });
    await pending.getByText("0.05000000 ETH").waitFor();
    await shoot(page, "receive-evm-pending");
    const eth = async () => (await serverWallets(customer)).find((w) => w.currency === "ETH")?.balance ?? "";
    expect(minorUnits(await eth(), "ETH")).toBe(0n);

    await node.rpc("hardhat_mine", ["0x1"]);
    await pending.getByText(`2 of ${M} confirmations`).waitFor({ timeout: 30_000 });
    await node.rpc("hardhat_mine", ["0x1"]);
    await pending.waitFor({ state: "detached", timeout: 30_000 });
    const credited = page.getByRole("region", { name: "Credited deposits" });
    await credited.getByText("Credited to your wallet").waitFor();
    await credited.getByText("0.05000000 ETH").waitFor();
    await shoot(page, "receive-evm-credited");

    // More blocks and follower passes change nothing: credited once.
    await node.rpc("hardhat_mine", ["0x5"]);
    const passedHeight = Number(await node.rpc<string>("eth_blockNumber"));
    await expect
      .poll(
        () =>
          withClient(databaseUrl, async (client) => {
            const { rows } = await client.query<{ height: number }>(
              "select height from chain_follower_state",
            );
            return Number(rows[0]?.height ?? 0);
          }),
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(passedHeight);
    expect(minorUnits(await eth(), "ETH")).toBe(minorUnits("0.05", "ETH"));
    const { operations } = await customerGet<{ operations: ReceiveItem[] }>(
      customer,
      "/v2/history/operations?typeFilter=RECEIVE_CRYPTO",
    );
    expect(operations.map((o) => [o.status, o.receiveCryptoModel?.txHash])).toEqual([["COMPLETED", txHash]]);
    await page.goto(`${new URL(page.url()).origin}/`);
    await page.getByRole("region", { name: "Wallets" }).getByText("0.05000000 ETH").waitFor();

    // The history's details: the hash, and the explorer's page of it (EXPLORER_ERC20_TX_URL).
    await page.goto(`${new URL(page.url()).origin}/history`);
    await page.getByRole("button", { name: /^Received/ }).click();
    const details = page.getByRole("dialog");
    await details.getByText(txHash).waitFor();
    const explorer = details.getByRole("link", { name: "View on the network's explorer" });
    expect(await explorer.getAttribute("href")).toBe(`https://explorer.example/tx/${txHash}`);
    expect(await explorer.getAttribute("rel")).toBe("noopener noreferrer");
    await shoot(page, "receive-evm-details", { modal: true });
    await context.close();
  }, 90_000);

  it("the product's ledger passes every ledger:audit invariant", async () => {
    expect(await ledgerOperationCount(databaseUrl)).toBeGreaterThanOrEqual(1);
    expect(await ledgerViolations(databaseUrl)).toEqual([]);
  });
});
