import { describe, expect, it } from "vitest";
import { pendingFields } from "../history/pending-texts.ts";
import { type ReceiptOperation, receiptLines } from "./receipt-render.ts";

/** An IBAN withdrawal as the history gives it, in `status`. */
const withdrawal = (status: "PENDING" | "COMPLETED") =>
  ({
    operationId: "0193a9e0-0000-7000-8000-0000000000aa",
    type: "IBAN_WITHDRAW",
    direction: "OUT",
    status,
    operationStatus: status,
    amount: "100.00",
    currency: "EUR",
    fee: "1.00",
    counterparty: "DE89 3704 0044 0532 0130 00",
    operationDate: "2026-11-02T10:00:00.000Z",
    createdAt: "2026-11-02T10:00:00.000Z",
    updatedAt: "2026-11-02T10:00:00.000Z",
    ...pendingFields({ type: "IBAN_WITHDRAW", status, direction: "OUT", details: {} }),
    ibanModel: {},
  }) as unknown as ReceiptOperation;

describe("a receipt's pending lines", () => {
  it("says why a pending operation waits, what next and how long, in the history's words", () => {
    const op = withdrawal("PENDING");
    const lines = new Map(receiptLines(op));
    expect(lines.get("Why it waits")).toBe(op.pendingReason);
    expect(lines.get("What happens next")).toBe(op.nextStep);
    expect(lines.get("How long")).toBe(op.expectedTime);
    expect(op.expectedTime).toBe("Usually within 1 business day.");
  });

  it("leaves them out once the operation is final", () => {
    const labels = receiptLines(withdrawal("COMPLETED")).map(([label]) => label);
    expect(labels).not.toContain("Why it waits");
  });
});

describe("a receipt's words for an adjustment", () => {
  it("names it a balance adjustment and gives the reason the customer was told", () => {
    const op = {
      ...withdrawal("COMPLETED"),
      type: "ADJUSTMENT",
      direction: "IN",
      counterparty: null,
      ibanModel: null,
      adjustmentModel: {
        amount: { value: "10.00", currency: "EUR" },
        description: "Refund of the March fee",
      },
    } as unknown as ReceiptOperation;
    const lines = new Map(receiptLines(op));
    expect(lines.get("Operation")).toBe("Balance adjustment");
    expect(lines.get("Reason")).toBe("Refund of the March fee");
  });
});

describe("a receipt's fee", () => {
  it("is the fee the operation took, in its currency: a card pay-in's is the card's", () => {
    // A card pay-in as the history gives it: 100 USDT credited, fee-free on the wallet's side;
    // the card was charged 93.50 EUR, 1.50 EUR of it the fee (acquiring/saved-card-views.ts).
    const payin = {
      ...withdrawal("COMPLETED"),
      type: "PAYIN_CARD",
      direction: "IN",
      amount: "100.00",
      currency: "USDT",
      fee: "0.00",
      counterparty: "424242******4242",
      ibanModel: null,
      payinCardModel: {
        debitAmount: { value: "93.50", currency: "EUR" },
        creditAmount: { value: "100.00", currency: "USDT" },
        feeAmount: { value: "1.50", currency: "EUR" },
        exchangeRate: { sourceCurrency: "EUR", targetCurrency: "USDT", rate: "1.0864", multiplier: 1 },
      },
    } as unknown as ReceiptOperation;
    const lines = new Map(receiptLines(payin));
    expect(lines.get("Fee")).toBe("1.50 EUR");
    expect(lines.get("Debited")).toBe("93.50 EUR");
    // An operation without a fee of its own in the model: the history's fee, in its currency.
    expect(new Map(receiptLines(withdrawal("COMPLETED"))).get("Fee")).toBe("1.00 EUR");
  });
});

describe("a receipt as a person reads it", () => {
  it("prints amounts by the display rule, times in the spec's formats and a card in its mask", () => {
    const exchange = {
      ...withdrawal("COMPLETED"),
      type: "PAYIN_CARD",
      direction: "IN",
      amount: "0.207446587892598097",
      currency: "ETH",
      fee: "0.000000000000000000",
      counterparty: "424242******4242",
      ibanModel: null,
      payinCardModel: {
        debitAmount: { value: "25.500000", currency: "USDT" },
        feeAmount: { value: "0.050615", currency: "USDT" },
      },
    } as unknown as ReceiptOperation;
    const lines = new Map(receiptLines(exchange));
    expect(lines.get("Amount")).toBe("0.20744658 ETH");
    expect(lines.get("Debited")).toBe("25.50 USDT");
    expect(lines.get("Fee")).toBe("0.05 USDT");
    expect(lines.get("Counterparty")).toBe("4242 •••• 4242");
    expect(lines.get("Created")).toBe("2 November 2026, 10:00 UTC");
  });
});
