import { describe, expect, it } from "vitest";
import { operationLabelKey } from "./history-queries.ts";

describe("operationLabelKey", () => {
  it("names a send by phone by the side the customer is on", () => {
    expect(operationLabelKey({ type: "SEND_TO_PHONE", direction: "OUT" })).toBe(
      "words.operationType.SEND_TO_PHONE",
    );
    expect(operationLabelKey({ type: "SEND_TO_PHONE", direction: "IN" })).toBe("history.receivedByPhone");
    expect(operationLabelKey({ type: "RECEIVE_CRYPTO", direction: "IN" })).toBe(
      "words.operationType.RECEIVE_CRYPTO",
    );
  });

  it("says where a send to someone not yet a customer stands, on the sender's side only", () => {
    const claim = (status: "HELD" | "CLAIMED" | "RETURNED" | "CANCELLED") => ({
      fromAddress: null,
      fromPhone: "+44•••01",
      toPhone: "+44•••23",
      amount: { value: "1.00", currency: "EUR" },
      claim: { id: "c", status, expiresAt: "2030-01-08T00:00:00Z", updatedAt: "2030-01-01T00:00:00Z" },
    });
    expect(
      operationLabelKey({ type: "SEND_TO_PHONE", direction: "OUT", sendToPhoneModel: claim("HELD") }),
    ).toBe("claims.labels.HELD");
    expect(
      operationLabelKey({ type: "SEND_TO_PHONE", direction: "OUT", sendToPhoneModel: claim("RETURNED") }),
    ).toBe("claims.labels.RETURNED");
    expect(
      operationLabelKey({ type: "SEND_TO_PHONE", direction: "IN", sendToPhoneModel: claim("CLAIMED") }),
    ).toBe("history.receivedByPhone");
  });
});
