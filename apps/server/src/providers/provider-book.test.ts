import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/test-database.ts";
import { clientSourceFromPool } from "../db/transaction.ts";
import { sandboxAcquirerBook } from "./acquirer/sandbox-acquirer-book.ts";
import { sandboxBankBook } from "./bank/sandbox-bank-book.ts";
import { sandboxChainBook } from "./chain/sandbox-chain-book.ts";
import { sandboxIssuerBook } from "./issuer/sandbox-issuer-book.ts";

// What each sandbox provider says it holds, from its own rows: only money that finished moving
// counts (docs/backoffice.md "Reports and reconciliation").

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const q = (sql: string, values: unknown[] = []) => database.pool.query(sql, values);
  await q(`insert into sandbox_acquirer_tokens (token, fingerprint, scenario, bin, last4)
           values ('tok', 'fp', 'FRICTIONLESS', '424242', '4242')`);
  const payment = (id: string, kind: string, amount: number, status: string, currency = "EUR") =>
    q(
      `insert into sandbox_acquirer_payments (id, kind, token, reference, amount, currency, status)
       values ($1, $2, 'tok', $1, $3, $4, $5)`,
      [id, kind, amount, currency, status],
    );
  await payment("p1", "PAYIN", 1_000, "CAPTURED");
  await payment("p2", "PAYIN", 500, "AUTHORISED");
  await payment("p3", "PAYIN", 400, "DECLINED");
  await payment("p4", "PAYOUT", 300, "PAID");
  await payment("p5", "PAYOUT", 200, "PROCESSING");
  await payment("p6", "PAYIN", 99, "CAPTURED", "USD");

  const transfer = (id: string, direction: string, amount: number, status: string) =>
    q(
      `insert into sandbox_bank_transfers (id, direction, account_iban, counterparty_name, counterparty_iban,
         amount, currency, status) values ($1, $2, 'DE00', 'Someone', 'FR00', $3, 'EUR', $4)`,
      [id, direction, amount, status],
    );
  await transfer("b1", "IN", 500, "EXECUTED");
  await transfer("b2", "OUT", 200, "EXECUTED");
  await transfer("b3", "OUT", 100, "PENDING");
  await transfer("b4", "OUT", 50, "RETURNED");

  const chainTx = (hash: string, direction: string, amount: number, fee: number, status: string) =>
    q(
      `insert into sandbox_chain_transactions (tx_hash, chain, currency, direction, address, amount, network_fee,
         required_confirmations, status) values ($1, 'bitcoin', 'BTC', $2, 'bc1q', $3, $4, 2, $5)`,
      [hash, direction, amount, fee, status],
    );
  await chainTx("c1", "IN", 100, 0, "CONFIRMED");
  await chainTx("c2", "OUT", 30, 2, "CONFIRMED");
  await chainTx("c3", "IN", 70, 0, "PENDING");
  await chainTx("c4", "OUT", 10, 1, "FAILED");

  const purchase = (id: string, amount: number, state: string) =>
    q(
      `insert into sandbox_issuer_transactions (id, merchant_id, issuer_card_id, shop, amount, currency, state)
       values ($1, '0193a9e0-0000-7000-8000-000000000001', 'card', 'Shop', $2, 'EUR', $3)`,
      [id, amount, state],
    );
  await purchase("i1", 40, "SETTLED");
  await purchase("i2", 10, "REFUNDED");
  await purchase("i3", 25, "APPROVED");
  await purchase("i4", 5, "DECLINED");
});
afterAll(() => database.drop());

describe("the sandbox providers' books", () => {
  it("count captured pay-ins less paid payouts, executed transfers, confirmed chain moves, settled purchases", async () => {
    const db = clientSourceFromPool(database.pool);
    expect(await sandboxAcquirerBook(db).balance("EUR")).toBe(700n);
    expect(await sandboxAcquirerBook(db).balance("USD")).toBe(99n);
    expect(await sandboxBankBook(db).balance("EUR")).toBe(300n);
    expect(await sandboxChainBook(db).balance("BTC")).toBe(68n);
    expect(await sandboxIssuerBook(db).balance("EUR")).toBe(40n);
    expect(await sandboxIssuerBook(db).balance("GBP")).toBe(0n);
  });
});
