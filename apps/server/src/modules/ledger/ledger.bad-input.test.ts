import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import type { Account, ApplyOperationInput, Json, Leg } from "./ledger.types.ts";
import { createLedgerTestContext, type LedgerTestContext } from "./test-support/ledger-test-context.ts";

let t: LedgerTestContext;
let alice: Account;
let bob: Account;
let btc: Account;
let closed: Account;
let foreign: Account;
beforeAll(async () => {
  t = await createLedgerTestContext();
  alice = await t.openWallet({ funds: 1_000n });
  bob = await t.openWallet();
  btc = await t.openWallet({ currency: "BTC", funds: 1_000n });
  closed = await t.openWallet();
  await t.ledger.closeAccount({ merchantId: t.merchantId, accountId: closed.id });
  foreign = await t.ledger.openCustomerAccount({
    merchantId: NIMBUS_MERCHANT_ID,
    ownerId: uuidv7(),
    kind: "customer_wallet",
    currency: "EUR",
  });
});
afterAll(() => t.close());

const send = (from: string, to: string, amount: bigint, currency = "EUR"): Leg => ({
  debit: { accountId: from },
  credit: { accountId: to },
  amount,
  currency: currency as "EUR",
});

const operation = (legs: Leg[], extra: { idempotencyKey?: string } = {}) => ({
  merchantId: t.merchantId,
  idempotencyKey: `test:bad:${Math.random()}`,
  requestHash: "h",
  kind: "sandbox_credit" as const,
  legs,
  buildResponse: (): Json => null,
  ...extra,
});

/** Everything a refused operation could have touched. */
async function ledgerState() {
  const { rows } = await t.database.pool.query(
    `select (select count(*) from ledger_operations) as operations, (select count(*) from ledger_transfers) as transfers,
            (select count(*) from ledger_entries) as entries,
            (select string_agg(concat_ws(':', id, debits_posted, credits_posted, debits_pending, credits_pending, version), ','
                               order by id) from ledger_accounts) as accounts`,
  );
  return rows[0];
}

async function expectRefusedAndNothingMoved(input: ApplyOperationInput, code: string, status: number) {
  const before = await ledgerState();
  await expect(t.ledger.applyOperation(input)).rejects.toMatchObject({ code, status });
  expect(await ledgerState()).toEqual(before);
}

describe("bad input at the service: a typed error, nothing moves", () => {
  it.each([
    ["a zero amount", () => [send(alice.id, bob.id, 0n)], "INVALID_AMOUNT", 400],
    ["a negative amount", () => [send(alice.id, bob.id, -5n)], "INVALID_AMOUNT", 400],
    [
      "a JS number as amount",
      () => [{ ...send(alice.id, bob.id, 1n), amount: 10 as unknown as bigint }],
      "INVALID_AMOUNT",
      400,
    ],
    ["a transfer from EUR to BTC", () => [send(alice.id, btc.id, 10n)], "CURRENCY_MISMATCH", 400],
    ["a BTC leg between EUR wallets", () => [send(alice.id, bob.id, 10n, "BTC")], "CURRENCY_MISMATCH", 400],
    ["an unknown currency", () => [send(alice.id, bob.id, 10n, "XYZ")], "UNKNOWN_CURRENCY", 400],
    ["an unknown account", () => [send(alice.id, uuidv7(), 10n)], "ACCOUNT_NOT_FOUND", 404],
    ["a malformed account id", () => [send(alice.id, "1; drop table x", 10n)], "ACCOUNT_NOT_FOUND", 404],
    ["a closed account", () => [send(alice.id, closed.id, 10n)], "ACCOUNT_CLOSED", 422],
    ["another merchant's account", () => [send(alice.id, foreign.id, 10n)], "ACCOUNT_NOT_FOUND", 404],
    [
      "debiting another merchant's account",
      () => [send(foreign.id, alice.id, 10n)],
      "ACCOUNT_NOT_FOUND",
      404,
    ],
    ["the same account on both sides", () => [send(alice.id, alice.id, 10n)], "SAME_ACCOUNT", 400],
    ["more than the balance", () => [send(alice.id, bob.id, 1_001n)], "INSUFFICIENT_FUNDS", 422],
    ["no legs at all", () => [], "INVALID_LEGS", 400],
    ["101 legs", () => Array.from({ length: 101 }, () => send(alice.id, bob.id, 1n)), "INVALID_LEGS", 400],
    [
      "a zero reservation timeout",
      () => [{ ...send(alice.id, bob.id, 1n), pending: { timeoutSeconds: 0 } }],
      "INVALID_TIMEOUT",
      400,
    ],
    [
      "posting an unknown reservation",
      () => [{ type: "post_pending", pendingId: uuidv7() } as Leg],
      "PENDING_NOT_FOUND",
      404,
    ],
  ] as const)("refuses %s", async (_name, legs, code, status) => {
    await expectRefusedAndNothingMoved(operation(legs() as Leg[]), code, status);
  });

  it("leaves no trace of the first leg when the second one fails", async () => {
    await expectRefusedAndNothingMoved(
      operation([send(alice.id, bob.id, 600n), send(alice.id, bob.id, 600n)]),
      "INSUFFICIENT_FUNDS",
      422,
    );
    await expectRefusedAndNothingMoved(
      operation([send(alice.id, bob.id, 10n), send(bob.id, uuidv7(), 10n)]),
      "ACCOUNT_NOT_FOUND",
      404,
    );
  });

  it("moves nothing when building the response fails, and the key can be used again", async () => {
    const input = operation([send(alice.id, bob.id, 10n)]);
    const before = await ledgerState();
    await expect(
      t.ledger.applyOperation({
        ...input,
        buildResponse: () => {
          throw new Error("boom");
        },
      }),
    ).rejects.toThrow("boom");
    expect(await ledgerState()).toEqual(before);
    await expect(t.ledger.applyOperation(input)).resolves.toMatchObject({ replayed: false });
  });

  it.each([
    ["an empty idempotency key", ""],
    ["a 401-character key", "k".repeat(401)],
  ])("refuses %s", async (_name, idempotencyKey) => {
    await expectRefusedAndNothingMoved(
      operation([send(alice.id, bob.id, 10n)], { idempotencyKey }),
      "NOT_VALID_REQUEST_DATA",
      400,
    );
  });

  it("does not show another merchant's account", async () => {
    await expect(
      t.ledger.getAccount({ merchantId: t.merchantId, accountId: foreign.id }),
    ).rejects.toMatchObject({
      code: "ACCOUNT_NOT_FOUND",
    });
  });

  it.each(["1.5", "-1", "1e3", "", "0", "0x10", " 1"])(
    "the SQL write path itself refuses the amount %j",
    async (amount) => {
      const legs = [
        { id: uuidv7(), type: "posted", debit: alice.id, credit: bob.id, currency: "EUR", amount },
      ];
      await expect(
        t.database.pool.query("select ledger_apply_operation($1, $2, $3, 'h', 'test', $4)", [
          uuidv7(),
          t.merchantId,
          `test:sql:${Math.random()}`,
          JSON.stringify(legs),
        ]),
      ).rejects.toMatchObject({ code: "LD000", message: "INVALID_AMOUNT" });
    },
  );

  it("refuses to close an account that holds money", async () => {
    await expect(
      t.ledger.closeAccount({ merchantId: t.merchantId, accountId: alice.id }),
    ).rejects.toMatchObject({
      code: "ACCOUNT_NOT_EMPTY",
    });
    await t.expectInvariants();
  });
});
