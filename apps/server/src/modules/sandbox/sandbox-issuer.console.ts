import { escapeHtml } from "../../http/html-escape.ts";
import type { IssuerRow } from "../../providers/issuer/sandbox-issuer.ts";

const NEXT: Record<string, string> = {
  ORDER_RECEIVED: "Issue the card now",
  ORDER_PENDING: "Order from the card factory",
  ORDERED: "Hand to the courier",
};

/**
 * The sandbox console's card issuer page: the newest card orders, where each is, and a button
 * that moves an order's clock to its next step now (issue, then a plastic card's trip). No script,
 * like the console, so the strict CSP holds.
 */
export function renderIssuerConsole(v: { orders: IssuerRow[]; message?: string | undefined }): string {
  const rows = v.orders
    .map((o) => {
      const next = NEXT[o.state];
      const action = next
        ? `<form method="post" action="/sandbox/issuer/advance/form"><input type="hidden" name="cardRequestId" value="${escapeHtml(o.orderRef)}"><button type="submit" aria-label="${escapeHtml(`${next}: order ${o.orderRef}`)}">${escapeHtml(next)}</button></form>`
        : "";
      return `<tr data-order="${escapeHtml(o.orderRef)}"><td><code>${escapeHtml(o.orderRef)}</code></td><td>${escapeHtml(o.program)} ${escapeHtml(o.cardType)}</td>
<td>+${escapeHtml(o.phone)}</td><td>${o.last4 ? `•••• ${escapeHtml(o.last4)}` : "–"}</td><td class="state"><strong>${escapeHtml(o.state)}</strong></td>
<td>${o.nextStepAt ? escapeHtml(o.nextStepAt.toISOString()) : "–"}</td><td>${action}</td></tr>`;
    })
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox console: card issuer</title>
<style>
body{font-family:system-ui,sans-serif;max-width:1100px;margin:24px auto;padding:0 16px;color:#111}
h1{font-size:22px}table{width:100%;border-collapse:collapse;margin-top:12px}
td,th{border-top:1px solid #ddd;padding:8px;text-align:left;font-size:14px;vertical-align:middle}
button{padding:7px 12px;font-size:14px;border-radius:6px;border:0;background:#1F3FBF;color:#fff}
.result{padding:10px 12px;border-radius:8px;background:#eef2ff}code{word-break:break-all;font-size:12px}
</style></head><body>
<p><a href="/sandbox">← Sandbox console</a></p>
<h1>Card issuer</h1>
<p>Paid card orders reach the sandbox issuer, which issues each card on its own clock (a Luhn-valid number
from a test BIN; number and CVV kept encrypted). A plastic card then travels ORDER_PENDING → ORDERED →
IN_DELIVERY, and its activation code is mailed with it (it appears in the phone's text messages on the
console). A virtual card's code is sent when it is issued. Shipping city "Lost" sends the parcel to SUPPORT.
The button moves an order to its next step now.</p>
${v.message ? `<p class="result" role="status">${escapeHtml(v.message)}</p>` : ""}
${
  rows
    ? `<table><thead><tr><th>Card order</th><th>Card</th><th>Phone</th><th>Number</th><th>State</th><th>Next step due</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p>No card orders yet.</p>`
}
</body></html>`;
}
