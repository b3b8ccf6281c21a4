import { toDecimalString } from "@kestrel/money";
import { escapeHtml } from "../../http/html-escape.ts";
import type { IssuerTransactionRow } from "../../providers/issuer/sandbox-spending.ts";

/** What a tester can do next with a transaction in each state. */
const NEXT: Record<string, Array<{ action: string; label: string }>> = {
  APPROVED: [
    { action: "settle", label: "Settle" },
    { action: "reverse", label: "Reverse" },
  ],
  SETTLED: [{ action: "refund", label: "Refund" }],
};

type Card = { orderRef: string; last4: string; program: string; cardType: string };

/**
 * The sandbox console's card purchases page: a purchase at a named shop with a chosen card (the
 * program manager authorises it against the card's balance), and the recent transactions with
 * their next steps. No script, like the console, so the strict CSP holds.
 */
export function renderSpendingConsole(v: {
  cards: Card[];
  transactions: IssuerTransactionRow[];
  message?: string | undefined;
}): string {
  const options = v.cards
    .map(
      (c) =>
        `<option value="${escapeHtml(c.orderRef)}">•••• ${escapeHtml(c.last4)} · ${escapeHtml(c.program)} ${escapeHtml(c.cardType.toLowerCase())}</option>`,
    )
    .join("");
  const rows = v.transactions
    .map((t) => {
      const buttons = (NEXT[t.state] ?? [])
        .map(
          (n) =>
            `<form method="post" action="/sandbox/issuer/transactions/form"><input type="hidden" name="transactionId" value="${escapeHtml(t.id)}"><input type="hidden" name="action" value="${n.action}"><button type="submit" aria-label="${escapeHtml(`${n.label}: ${t.shop} ${t.id}`)}">${n.label}</button></form>`,
        )
        .join(" ");
      return `<tr data-transaction="${escapeHtml(t.id)}"><td>${escapeHtml(t.createdAt.toISOString())}</td><td>•••• ${escapeHtml(t.last4 ?? "")}</td>
<td>${escapeHtml(t.shop)}</td><td>${escapeHtml(toDecimalString(t.amount, "EUR"))} ${escapeHtml(t.currency)}</td>
<td class="state"><strong>${escapeHtml(t.state)}</strong>${t.declineReason ? ` <small>${escapeHtml(t.declineReason)}</small>` : ""}</td><td class="actions">${buttons}</td></tr>`;
    })
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox console: card purchases</title>
<style>
body{font-family:system-ui,sans-serif;max-width:1100px;margin:24px auto;padding:0 16px;color:#111}
h1{font-size:22px}table{width:100%;border-collapse:collapse;margin-top:12px}
td,th{border-top:1px solid #ddd;padding:8px;text-align:left;font-size:14px;vertical-align:middle}
label{display:block;margin:8px 0 4px;font-size:14px}input,select{padding:7px;font-size:14px;min-width:240px}
button{padding:7px 12px;font-size:14px;border-radius:6px;border:0;background:#1F3FBF;color:#fff;margin-top:8px}
td form{display:inline}.result{padding:10px 12px;border-radius:8px;background:#eef2ff}
</style></head><body>
<p><a href="/sandbox">← Sandbox console</a> · <a href="/sandbox/issuer">Card issuer</a></p>
<h1>Card purchases</h1>
<p>A purchase asks the program manager to authorise it: approved when the card is active and its balance
covers the amount (the amount is then held), declined otherwise (not enough money, frozen, blocked, expired or
not active). An approved purchase is later settled (the hold is paid to the shop) or reversed (the hold is
released); a settled one can be refunded. Each step is reported to the server by a signed callback.</p>
${v.message ? `<p class="result" role="status">${escapeHtml(v.message)}</p>` : ""}
${
  options
    ? `<form method="post" action="/sandbox/issuer/purchase/form">
<label for="card">Card</label><select id="card" name="cardRequestId" required>${options}</select>
<label for="shop">Shop</label><input id="shop" name="shop" required maxlength="80" value="Corner Coffee">
<label for="amount">Amount, EUR</label><input id="amount" name="amount" required inputmode="decimal" value="4.50">
<div><button type="submit">Make the purchase</button></div></form>`
    : "<p>No issued cards yet: order one in the app and issue it on the card issuer page.</p>"
}
${
  rows
    ? `<table><thead><tr><th>Time</th><th>Card</th><th>Shop</th><th>Amount</th><th>State</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
    : "<p>No purchases yet.</p>"
}
</body></html>`;
}
