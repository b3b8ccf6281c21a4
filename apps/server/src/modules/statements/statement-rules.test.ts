import { LEDGER_OPERATION_KINDS } from "@kestrel/domain";
import { describe, expect, it } from "vitest";
import {
  buildStatement,
  closingAt,
  describeEntry,
  maskCounterparty,
  type StatementFacts,
  statementRange,
} from "./statement-rules.ts";

const at = new Date("2026-03-05T10:00:00Z");
const account = { accountId: "w", kind: "customer_wallet" as const, currency: "USDT" as const };
const move = (operationId: string, amount: bigint, otherKind: "liquidity" | "fee_income" = "liquidity") => ({
  accountId: "w",
  version: 1n,
  transferId: `${operationId}-${amount}`,
  operationId,
  operationKind: "exchange",
  transferType: "posted" as const,
  amount,
  otherKind,
  at,
});
const facts = (opening: bigint, closing: bigint, movements: StatementFacts["movements"]): StatementFacts => ({
  opening: [{ ...account, balance: opening }],
  closing: [{ ...account, balance: closing }],
  movements,
});

describe("statementRange", () => {
  it("covers both days in UTC", () => {
    const r = statementRange("2026-02-01", "2026-02-28");
    expect([r.from.toISOString(), r.to.toISOString()]).toEqual([
      "2026-02-01T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
    ]);
  });

  it("refuses a backwards range or one of 5 years or more, naming to", () => {
    expect(() => statementRange("2026-02-02", "2026-02-01")).toThrow(
      expect.objectContaining({ field: "to", message: "to: must not be before from" }),
    );
    expect(() => statementRange("2020-02-29", "2025-03-01")).toThrow(
      expect.objectContaining({ field: "to", message: "to: at most 5 years after from" }),
    );
    expect(statementRange("2020-01-01", "2024-12-31").lastDay).toBe("2024-12-31");
    expect(statementRange("2026-01-01", "2026-01-01").to.toISOString()).toBe("2026-01-02T00:00:00.000Z");
  });
});

describe("buildStatement", () => {
  it("makes one line per operation: fee legs as its fee, the running balance after it", () => {
    const [wallet] = buildStatement(
      facts(1000n, 880n, [move("x", -100n), move("x", -10n, "fee_income"), move("y", -10n)]),
      (id) => `op ${id}`,
    );
    expect(wallet?.lines.map((l) => [l.description, l.amount, l.fee, l.balance])).toEqual([
      ["op x", -100n, 10n, 890n],
      ["op y", -10n, 0n, 880n],
    ]);
    expect([wallet?.label, wallet?.opening, wallet?.closing]).toEqual(["Wallet USDT", 1000n, 880n]);
  });

  it("labels each account by its kind and currency, an unknown kind by its code", () => {
    const labels = {
      customer_wallet: "Wallet USDT",
      card_balance: "Card balance USDT",
      iban_balance: "IBAN account USDT",
      deposit_principal: "Earn deposit USDT",
      deposit_interest: "Earn interest USDT",
      house_float: "house_float USDT",
    };
    for (const [kind, label] of Object.entries(labels)) {
      const one = { ...account, kind: kind as typeof account.kind, balance: 5n };
      const [built] = buildStatement({ opening: [one], closing: [one], movements: [] }, () => "");
      expect(built).toMatchObject({
        label,
        kind,
        currency: "USDT",
        accountId: "w",
        opening: 5n,
        closing: 5n,
      });
      expect(built?.lines).toEqual([]);
    }
  });

  it("keeps each account's own movements, lines dated by their operation", () => {
    const other = { accountId: "c", kind: "card_balance" as const, currency: "USDT" as const };
    const later = new Date("2026-03-06T08:00:00Z");
    const [wallet, card] = buildStatement(
      {
        opening: [
          { ...account, balance: 100n },
          { ...other, balance: 0n },
        ],
        closing: [
          { ...other, balance: 40n },
          { ...account, balance: 60n },
        ],
        movements: [move("t", -40n), { ...move("t", 40n), accountId: "c", at: later }],
      },
      (id, kind) => `${kind} ${id}`,
    );
    expect(wallet?.lines).toEqual([
      { at, operationId: "t", description: "exchange t", amount: -40n, fee: 0n, balance: 60n },
    ]);
    expect(card?.lines).toEqual([
      { at: later, operationId: "t", description: "exchange t", amount: 40n, fee: 0n, balance: 40n },
    ]);
  });

  it("refuses an account the ledger has no closing balance for unless nothing is in it", () => {
    const one = { ...account, balance: 7n };
    expect(() => buildStatement({ opening: [one], closing: [], movements: [] }, () => "")).toThrow(
      expect.objectContaining({ code: "STATEMENT_DOES_NOT_ADD_UP" }),
    );
    const empty = { ...account, balance: 0n };
    expect(buildStatement({ opening: [empty], closing: [], movements: [] }, () => "")[0]?.closing).toBe(0n);
  });

  it("refuses a statement whose movements do not reach the ledger's closing balance", () => {
    expect(() => buildStatement(facts(1000n, 881n, [move("x", -120n)]), () => "")).toThrow(
      expect.objectContaining({
        code: "STATEMENT_DOES_NOT_ADD_UP",
        status: 422,
        data: { accountId: "w", currency: "USDT" },
      }),
    );
  });
});

describe("maskCounterparty", () => {
  it("keeps what the history masked, and the ends of anything else", () => {
    expect(maskCounterparty("+49 *** 78")).toBe("+49 *** 78");
    expect(maskCounterparty("DE89370400440532013000")).toBe("DE89••••3000");
  });

  it("keeps a value of 8 characters or fewer, or one masked with dots or an ellipsis, as it is", () => {
    expect(maskCounterparty("12345678")).toBe("12345678");
    expect(maskCounterparty("123456789")).toBe("1234••••6789");
    expect(maskCounterparty("0x12ab…34cd5678")).toBe("0x12ab…34cd5678");
    expect(maskCounterparty("+447•••••••23")).toBe("+447•••••••23");
  });
});

describe("describeEntry", () => {
  it("names an adjustment by its reason to the customer", () => {
    const row = { type: "ADJUSTMENT" as const, direction: "IN" as const, counterparty: null };
    expect(describeEntry({ ...row, details: { description: "Refund of the March fee" } }, "adjustment")).toBe(
      "Balance adjustment: Refund of the March fee",
    );
  });

  it("names an adjustment without a reason plainly", () => {
    const row = { type: "ADJUSTMENT" as const, direction: "IN" as const, counterparty: null };
    expect(describeEntry({ ...row, details: null }, "adjustment")).toBe("Balance adjustment");
    expect(describeEntry({ ...row, details: { description: "" } }, "adjustment")).toBe("Balance adjustment");
  });

  it("names an operation by its history words and, when there is one, its masked counterparty", () => {
    const send = { type: "SEND_TO_WALLET" as const, direction: "OUT" as const };
    expect(describeEntry({ ...send, counterparty: "TXyzAbCdEf1234567890" }, "payout_crypto")).toBe(
      "Sent to a wallet, TXyz••••7890",
    );
    expect(describeEntry({ ...send, counterparty: null }, "payout_crypto")).toBe("Sent to a wallet");
    // The row's words win over the ledger kind's, and a release only speaks when there is no row.
    const exchange = { type: "EXCHANGE" as const, direction: "IN" as const, counterparty: null };
    expect(describeEntry(exchange, "payin_crypto", { status: "RETURNED", phone: "+447•••23" })).toBe(
      "Exchange",
    );
  });

  it("names a claimable send's money coming back in customer words, not the ledger's kind", () => {
    expect(describeEntry(undefined, "claimable_return", { status: "RETURNED", phone: "+447•••23" })).toBe(
      "Returned: +447•••23 did not join in 7 days",
    );
    expect(describeEntry(undefined, "claimable_cancel", { status: "CANCELLED", phone: "+447•••23" })).toBe(
      "Cancelled send to +447•••23",
    );
    expect(describeEntry(undefined, "claimable_cancel")).toBe("Send by phone cancelled");
  });

  it("names an operation without a history row by its kind's phrase, never the code", () => {
    expect(describeEntry(undefined, "payin_crypto")).toBe("Received crypto");
    expect(describeEntry(undefined, "payout_card_post")).toBe("Withdrawn to a card");
    for (const kind of LEDGER_OPERATION_KINDS) {
      const phrase = describeEntry(undefined, kind);
      expect(phrase).not.toBe(kind.replaceAll("_", " "));
      expect(phrase).toMatch(/^[A-Z][a-z]* [^_]*$|^[A-Z][a-z]+$/);
    }
  });
});

describe("closingAt", () => {
  const december = statementRange("2026-12-01", "2026-12-31");
  it("is the issue time for a period not yet over, and the period's end once it is", () => {
    const onThe7th = new Date("2026-12-07T15:02:00Z");
    expect(closingAt(december, onThe7th)).toEqual(onThe7th);
    expect(closingAt(december, new Date("2027-01-01T00:00:00Z"))).toBe("end");
  });
});
