import { describe, expect, it } from "vitest";
import { operationLabelKey } from "./history-queries.ts";

describe("operationLabelKey", () => {
  it("names a send by phone by the side the customer is on", () => {
    expect(operationLabelKey({ type: "SEND_TO_PHONE", direction: "OUT" })).toBe(
      "history.types.SEND_TO_PHONE",
    );
    expect(operationLabelKey({ type: "SEND_TO_PHONE", direction: "IN" })).toBe("history.receivedByPhone");
    expect(operationLabelKey({ type: "RECEIVE_CRYPTO", direction: "IN" })).toBe(
      "history.types.RECEIVE_CRYPTO",
    );
  });
});
