import type { HistoryOperation } from "../lib/history/history-queries.ts";

/** One operation as GET /v2/history/operations lists it; tests change what they need. */
export function historyOperation(over: Partial<HistoryOperation> = {}): HistoryOperation {
  return {
    operationId: "7f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e3f",
    type: "SEND_TO_PHONE",
    direction: "OUT",
    status: "COMPLETED",
    operationStatus: "COMPLETED",
    amount: "12.50",
    currency: "USDT",
    fee: "0.00",
    counterparty: "+49 *** 78",
    operationDate: "2026-11-20T10:15:00.000Z",
    createdAt: "2026-11-20T10:15:00.000Z",
    updatedAt: "2026-11-20T10:15:00.000Z",
    pendingReason: null,
    nextStep: null,
    expectedTime: null,
    receiveCryptoModel: null,
    sendToPhoneModel: null,
    sendToWalletModel: null,
    testCreditModel: null,
    exchangeModel: null,
    depositModel: null,
    cardOrderModel: null,
    ibanModel: null,
    cardTopUpModel: null,
    adjustmentModel: null,
    payinCardModel: null,
    payoutCardModel: null,
    ...over,
  };
}
