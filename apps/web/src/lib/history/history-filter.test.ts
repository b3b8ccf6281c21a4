import { describe, expect, it } from "vitest";
import { HISTORY_TYPES } from "./history-queries.ts";

describe("the history page's type filter", () => {
  it("offers the domain's history types but the IBAN account's, in the domain's order", () => {
    expect(HISTORY_TYPES).toEqual([
      "RECEIVE_CRYPTO",
      "SEND_TO_PHONE",
      "SEND_TO_WALLET",
      "EXCHANGE",
      "TEST_CREDIT",
      "DEPOSIT_OPEN",
      "DEPOSIT_CLOSE",
      "CARD_ORDER",
      "CARD_ORDER_REFUND",
      "PAYIN_CARD",
      "PAYOUT_CARD",
      "CARD_TOP_UP",
      "ADJUSTMENT",
    ]);
  });
});
