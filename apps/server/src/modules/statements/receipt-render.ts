import { HISTORY_STATUS_PHRASES } from "@kestrel/domain";
import type { HistoryService } from "../history/index.ts";
import { type PdfBrand, renderPdf } from "./pdf-brand.ts";
import { printCardNumber, printMoment, printMoney } from "./print-format.ts";
import { describeEntry, maskCounterparty } from "./statement-rules.ts";

// A receipt: one operation of the customer, everything the history says moved, as a PDF.

export type ReceiptOperation = NonNullable<Awaited<ReturnType<HistoryService["findOperation"]>>>;

type Money = { value: string; currency: string };
type Rate = { sourceCurrency: string; targetCurrency: string; rate: string };

/** A send to someone not yet a customer that came back did not fail: the web's words (en-claims). */
const CLAIM_STATUS_WORDS: Record<string, string> = { RETURNED: "Returned", CANCELLED: "Cancelled" };

/** The operation's model (exactly one is set): where rates and both sides of a conversion live. */
function modelOf(op: ReceiptOperation): Record<string, unknown> {
  const models = Object.entries(op).filter(([k, v]) => k.endsWith("Model") && v !== null);
  return (models[0]?.[1] ?? {}) as Record<string, unknown>;
}

const isMoney = (v: unknown): v is Money =>
  typeof v === "object" && v !== null && "value" in v && "currency" in v;

/** The sender's claim of a send to someone not yet a customer (the receiver's side has none to say). */
function senderClaim(op: ReceiptOperation) {
  if (op.direction !== "OUT") return undefined;
  return (op.sendToPhoneModel as { claim?: { status: string } } | null)?.claim;
}

const statusOf = (op: ReceiptOperation) =>
  CLAIM_STATUS_WORDS[senderClaim(op)?.status ?? ""] ?? HISTORY_STATUS_PHRASES[op.status];

/** Why the money came back: the history details' sentences (web en-claim-flow.ts). */
function claimReason(op: ReceiptOperation): string | undefined {
  const status = senderClaim(op)?.status;
  if (status === "RETURNED") {
    return `${op.counterparty ?? "They"} didn't join within 7 days: the money came back to you.`;
  }
  if (status === "CANCELLED") return "You cancelled this send: the money came back to you.";
  return undefined;
}

/** The receipt's lines, label and value, in print order. */
export function receiptLines(op: ReceiptOperation): [string, string][] {
  const model = modelOf(op);
  // The model's fee where it has one: a card pay-in takes its fee in the card's currency while
  // its history row is the wallet's side, fee-free (the app's details show the model's too).
  const fee = isMoney(model.feeAmount) ? model.feeAmount : { value: op.fee, currency: op.currency };
  const lines: [string, string][] = [
    ["Operation", describeEntry({ type: op.type, direction: op.direction, counterparty: null }, op.type)],
    ["Direction", op.direction === "IN" ? "Received" : "Sent"],
    ["Amount", printMoney(op.amount, op.currency)],
    ["Fee", printMoney(fee.value, fee.currency)],
  ];
  if (isMoney(model.debitAmount))
    lines.push(["Debited", printMoney(model.debitAmount.value, model.debitAmount.currency)]);
  if (isMoney(model.creditAmount)) {
    lines.push(["Credited", printMoney(model.creditAmount.value, model.creditAmount.currency)]);
  }
  const rate = model.exchangeRate as Rate | undefined;
  if (rate?.rate) lines.push(["Rate", `1 ${rate.sourceCurrency} = ${rate.rate} ${rate.targetCurrency}`]);
  if (op.counterparty) {
    lines.push(["Counterparty", printCardNumber(op.counterparty) ?? maskCounterparty(op.counterparty)]);
  }
  lines.push(["Status", statusOf(op)]);
  const why = claimReason(op);
  if (why) lines.push(["Reason", why]);
  const adjustment = op.adjustmentModel as { description?: string } | null;
  if (adjustment?.description) lines.push(["Reason", adjustment.description]);
  // While it waits, the history's own texts (history/pending-texts.ts): the same words as the app.
  if (op.pendingReason) {
    lines.push(
      ["Why it waits", op.pendingReason],
      ["What happens next", op.nextStep ?? ""],
      ["How long", op.expectedTime ?? ""],
    );
  }
  lines.push(
    ["Created", printMoment(op.createdAt)],
    ["Last updated", printMoment(op.updatedAt)],
    ["Reference", op.operationId],
  );
  return lines;
}

export function receiptPdf(brand: PdfBrand, op: ReceiptOperation): Promise<Buffer> {
  return renderPdf(brand, "Receipt", (doc) => {
    for (const [label, value] of receiptLines(op)) {
      const y = doc.y;
      doc.font("Helvetica-Bold").fontSize(10).text(label, 40, y, { width: 120 });
      doc.font("Helvetica").text(value, 170, y, { width: 385 });
      doc.text("", 40, doc.y + 4);
    }
  });
}
