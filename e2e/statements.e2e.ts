import { readFile } from "node:fs/promises";
import { type CurrencyCode, formatAmount, parseAmount } from "@kestrel/money";
import type { Browser, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeVirtualCard } from "./active-card-support.ts";
import { baseUrl, e2eEnabled, launchBrowser, shoot } from "./browser.ts";
import { customerGet } from "./kyc-support.ts";
import {
  type Customer,
  credit,
  customerAtKyc1,
  eventually,
  minorUnits,
  sandboxPost,
  serverWallets,
  signedInPage,
} from "./wallets-support.ts";

// A month's statement in the browser: a customer with an exchange, a card top-up, an IBAN
// transfer and an earn deposit (all made over HTTP, as the app calls them) downloads the
// statement from /history as PDF and CSV; the PDF read as text holds the CSV's figures, and per
// account opening + movements = closing = the balance the server shows. Then a receipt of one
// of those operations, downloaded from its history details, read as text.

/** A signed-in JSON call of the customer's; fails unless 2xx. */
async function api<T>(c: Customer, method: string, route: string, body?: object, key?: string) {
  const { access_token: token } = await c.signIn();
  const response = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { "content-type": "application/json" } : {}),
      ...(key ? { "idempotency-key": key } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

type IbanList = { ibans: Array<{ id: string; iban: string; balance: string }> };
type Money = { value: string; currency: string };
type HistoryItem = {
  operationId: string;
  type: string;
  amount: string;
  fee: string;
  exchangeModel: {
    debitAmount: Money;
    creditAmount: Money;
    exchangeRate: { rate: string };
  } | null;
};

/** The four kinds of movement the statement must show, each in the current month. */
async function monthOfMoney(c: Customer) {
  await credit(c.phone, "USDT", "500");
  const exchange = await api<{ offerId: string }>(c, "POST", "/v1/mobile/exchange/offer", {
    currencyFrom: "USDT",
    currencyTo: "EUR",
    amountFrom: "50",
  });
  await api(c, "PUT", `/v1/mobile/exchange/offer/${exchange.offerId}`, undefined, exchange.offerId);

  const card = await activeVirtualCard(c);
  const topUp = await api<{ offerId: string }>(c, "POST", `/v2/card/${card.id}/payload/offers`, {
    fromCurrency: "USDT",
    toCurrency: "EUR",
    fromAmount: "30",
  });
  await api(
    c,
    "POST",
    `/v2/card/${card.id}/payload/offers/${topUp.offerId}/confirm`,
    undefined,
    crypto.randomUUID(),
  );

  await api(c, "POST", "/v2/iban/iban-requests");
  await api(c, "POST", "/v2/iban/additional-personal-info", {
    isUsRelated: false,
    incomeSources: ["salary"],
    estimatedMonthlyTurnoverRange: "1001-3000",
    taxCountry: "DE",
    taxId: "DE123456789",
  });
  await api(c, "POST", "/v2/iban/addresses", {
    country: "DE",
    city: "Berlin",
    address1: "Hauptstraße 1",
    zipCode: "10115",
  });
  const iban = await eventually(
    async () => (await customerGet<IbanList>(c, "/v2/iban/list")).ibans[0],
    "the IBAN issued",
  );
  await sandboxPost("/sandbox/bank/transfer-in", {
    iban: iban.iban,
    senderName: "Erika Mustermann",
    senderIban: "DE89370400440532013000",
    amount: "40",
    reference: "Invoice 42",
  });
  await eventually(
    async () =>
      (await customerGet<IbanList>(c, "/v2/iban/list")).ibans[0]?.balance === "40.00" ? true : undefined,
    "the SEPA transfer credited",
  );

  await api(
    c,
    "POST",
    "/v1/deposits/",
    { currency: "USDT", productType: "FLEX", months: 3, amount: "100" },
    crypto.randomUUID(),
  );
}

/** A receipt's line as its PDF reads as text: the label, then the value. */
const line = (label: string, value: string) =>
  new RegExp(`${label}\\s+${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

/** Clicks a statement button and answers the saved file's bytes. */
async function download(page: Page, button: string): Promise<Buffer> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: button }).click(),
  ]);
  const path = await file.path();
  return readFile(path);
}

/** A statement's figure in minor units: amounts and fees may be negative. */
/**
 * An exact decimal as a PDF prints it: the display rule of spec §5 (the CSV keeps exact values).
 * Amounts in the statement's table have no code ("1,000.00"); a receipt's carry it ("25.50 USDT").
 */
const shown = (value: string, currency: string, unit: "none" | "code" = "none") => {
  if (value === "") return value;
  const parsed = parseAmount(value, currency as CurrencyCode, { allowNegative: true, maxIntegerDigits: 27 });
  if (!parsed.ok) throw new Error(`not an amount of ${currency}: ${value}`);
  return formatAmount(parsed.minor, currency as CurrencyCode, { unit });
};

const signed = (value: string, currency: string) =>
  value.startsWith("-") ? -minorUnits(value.slice(1), currency) : minorUnits(value, currency);

/** RFC 4180 rows after the header (cells may be quoted and hold commas). */
const csvRows = (csv: string) =>
  csv
    .trim()
    .split("\r\n")
    .slice(1)
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
        .map((m) => m[1]?.replace(/^"|"$/g, "").replaceAll('""', '"') ?? "")
        .slice(0, 7),
    );

describe.skipIf(!e2eEnabled())("statements: a month of every kind of account, as PDF and CSV", () => {
  let browser: Browser;
  let customer: Customer;
  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await customerAtKyc1();
    await monthOfMoney(customer);
  }, 120_000);
  afterAll(() => browser?.close());

  it("downloads this month's statement; its PDF read as text adds up", async () => {
    const { page } = await signedInPage(browser, customer);
    await page.goto(`${baseUrl()}/history`);
    await page.getByRole("button", { name: "Statement" }).click();
    const dialog = page.getByRole("dialog", { name: "Statement" });
    await dialog.getByLabel("Month").waitFor();
    await shoot(page, "statement-dialog", { modal: true });
    const pdfBytes = await download(page, "Download PDF");
    const csv = (await download(page, "Download CSV")).toString("utf8");

    const rows = csvRows(csv);
    const accounts = [...new Set(rows.map((r) => r[0] ?? ""))];
    expect(accounts).toEqual(
      expect.arrayContaining([
        "Wallet USDT",
        "Wallet EUR",
        "Card balance EUR",
        "IBAN account EUR",
        "Earn deposit USDT",
      ]),
    );
    const descriptions = rows.map((r) => r[3] ?? "");
    // The history's words, with the counterparty when there is one ("Card top-up, •••• 4242").
    for (const words of ["Exchange", "Card top-up", "Earn deposit opened", "Bank transfer received"]) {
      expect(
        descriptions.some((d) => d.startsWith(words)),
        words,
      ).toBe(true);
    }

    for (const account of accounts) {
      const mine = rows.filter((r) => r[0] === account);
      const currency = mine[0]?.[1] ?? "";
      let balance = signed(mine[0]?.[6] ?? "", currency);
      for (const r of mine.slice(1, -1)) {
        balance += signed(r[4] ?? "", currency) - signed(r[5] ?? "", currency);
        expect(signed(r[6] ?? "", currency), `${account}: ${r[3]}`).toBe(balance);
      }
      expect(signed(mine.at(-1)?.[6] ?? "", currency), `${account} closing`).toBe(balance);
    }
    const wallets = await serverWallets(customer);
    for (const w of wallets.filter((x) => ["USDT", "EUR"].includes(x.currency))) {
      const closing = rows.filter((r) => r[0] === `Wallet ${w.currency}`).at(-1)?.[6] ?? "";
      expect(minorUnits(closing, w.currency)).toBe(minorUnits(w.balance, w.currency));
    }

    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdfBytes)), { mergePages: true }))
      .text;
    expect(text).toContain("Statement");
    for (const r of rows) {
      const currency = r[1] ?? "";
      for (const cell of [r[0], r[3]]) expect(text).toContain(cell);
      for (const amount of [r[4], r[5], r[6]]) expect(text).toContain(shown(amount ?? "", currency));
    }
  }, 60_000);

  it("downloads an operation's receipt from its history details: what moved, masked, its reference", async () => {
    const { context, page } = await signedInPage(browser, customer);
    const { operations } = await customerGet<{ operations: HistoryItem[] }>(
      customer,
      "/v2/history/operations",
    );
    const exchange = operations.find((o) => o.type === "EXCHANGE");
    const transfer = operations.find((o) => o.type === "IBAN_RECEIVE");
    if (!exchange?.exchangeModel || !transfer) throw new Error("no exchange or bank transfer in the history");

    await page.goto(`${baseUrl()}/history`);
    /** Opens a history row's details, downloads its receipt and answers the PDF's text. */
    const receiptOf = async (row: RegExp, operationId: string, shots?: string) => {
      await page.getByRole("button", { name: row }).first().click();
      const details = page.getByRole("dialog");
      const button = details.getByRole("button", { name: "Download receipt" });
      await button.waitFor();
      if (shots) await shoot(page, shots, { modal: true });
      const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
      expect(file.suggestedFilename()).toBe(`receipt-${operationId}.pdf`);
      const bytes = new Uint8Array(await readFile(await file.path()));
      await page.keyboard.press("Escape");
      await details.waitFor({ state: "detached" });
      return (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
    };

    const { debitAmount, creditAmount, exchangeRate } = exchange.exchangeModel;
    const text = await receiptOf(/Exchange/, exchange.operationId, "receipt-details");
    expect(text).toContain("Receipt");
    expect(text).toMatch(line("Amount", shown(exchange.amount, "USDT", "code")));
    expect(text).toMatch(line("Fee", shown(exchange.fee, "USDT", "code")));
    expect(text).toMatch(line("Debited", shown(debitAmount.value, "USDT", "code")));
    expect(text).toMatch(line("Credited", shown(creditAmount.value, "EUR", "code")));
    expect(text).toMatch(line("Rate", `1 USDT = ${exchangeRate.rate} EUR`));
    expect(text).toMatch(/Status\s+Completed/);
    // Spec §9's date and time ("7 December 2026, 15:02"), in UTC, which a PDF says.
    expect(text).toMatch(/Created\s+\d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC/);
    expect(text).toMatch(/Last updated\s+\d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC/);
    expect(text).toMatch(line("Reference", exchange.operationId));

    // The sender of the bank transfer is shown masked, never in full, nor their IBAN.
    const received = await receiptOf(/Bank transfer received/, transfer.operationId);
    expect(received).toMatch(/Amount\s+40\.00 EUR/);
    expect(received).toMatch(/Counterparty\s+Erik•+mann/);
    expect(received).not.toContain("Erika Mustermann");
    expect(received).not.toContain("DE89370400440532013000");
    await context.close();
  }, 60_000);
});
