import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { escapeHtml } from "../../http/html-escape.ts";
import type { SandboxPaymentRow } from "../../providers/acquirer/sandbox-acquirer.repository.ts";
import { TEST_CARDS } from "../../providers/acquirer/test-cards.ts";

const STYLE = `body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#111}
h1{font-size:22px}form{display:flex;gap:12px;align-items:end;flex-wrap:wrap}
label{display:flex;flex-direction:column;font-size:14px;gap:4px}
input{padding:10px;font-size:18px;border:1px solid #888;border-radius:8px;letter-spacing:4px;width:9em}
button{padding:10px 18px;font-size:15px;border-radius:8px;border:0;background:#1F3FBF;color:#fff;cursor:pointer}
button.secondary{background:#e5e7eb;color:#111}
table{width:100%;border-collapse:collapse;margin-top:12px}td,th{border-top:1px solid #ddd;padding:8px;text-align:left;font-size:14px}
.box{max-width:420px;margin:40px auto;border:1px solid #ddd;border-radius:16px;padding:28px}
.hint{padding:10px 12px;border-radius:8px;background:#eef2ff;font-size:14px}.error{padding:10px 12px;border-radius:8px;background:#fde8e8}
.muted{color:#555;font-size:14px}`;

const amountOf = (p: SandboxPaymentRow) =>
  `${toDecimalString(p.amount, p.currency as CurrencyCode)} ${p.currency}`;

/**
 * The sandbox acquirer's 3-D Secure page (what a card issuer's ACS shows): the customer types the
 * one-time code. Sandbox only, so it shows the code a real bank would text.
 */
export function renderChallenge(p: SandboxPaymentRow, last4: string, error?: string): string {
  const open = p.status === "CHALLENGE";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your payment</title><style>${STYLE}</style></head><body><div class="box">
<p class="muted">Sandbox Bank AG · 3-D Secure</p>
<h1>Confirm your payment</h1>
<p>${escapeHtml(amountOf(p))} with the card ending in ${escapeHtml(last4)}.</p>
${
  open
    ? `<p>Enter the one-time code we sent to the phone number your bank has for you.</p>
<p class="hint">Sandbox: the code is <strong data-testid="challenge-code">${escapeHtml(p.otp ?? "")}</strong>.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/sandbox/acquirer/challenge/${encodeURIComponent(p.id)}">
<label>One-time code<input name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required autofocus></label>
<button type="submit">Confirm</button>
<button type="submit" name="cancel" value="1" class="secondary" formnovalidate>Cancel</button>
</form>`
    : `<p role="status">This check is finished.</p>${p.returnUrl ? `<p><a href="${escapeHtml(p.returnUrl)}">Back to the shop</a></p>` : ""}`
}
</div></body></html>`;
}

/** The console page: the test cards and the newest payments of the sandbox acquirer. */
export function renderAcquirerConsole(payments: SandboxPaymentRow[], outageSince: Date | null): string {
  const cards = Object.entries(TEST_CARDS)
    .map(
      ([pan, c]) =>
        `<tr><td><code>${pan.replace(/(\d{4})(?=\d)/g, "$1 ")}</code></td><td>${escapeHtml(c.what)}</td></tr>`,
    )
    .join("");
  const rows = payments
    .map(
      (p) =>
        `<tr><td>${escapeHtml(p.createdAt.toISOString())}</td><td>${escapeHtml(p.kind)}</td><td><code>${escapeHtml(p.id)}</code></td><td>${escapeHtml(amountOf(p))}</td><td>${escapeHtml(p.status)}</td><td>${p.sequence}</td></tr>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox console: card acquirer</title><style>${STYLE}</style></head><body>
<p><a href="/sandbox">← Sandbox console</a></p>
<h1>Card acquirer</h1>
<p>Test cards (any future expiry, any CVV; any other number passing the Luhn check succeeds without a challenge).
Callbacks come about 1 second after each step (12 seconds for the late card); payouts are confirmed or rejected
after 3 seconds.</p>
<table><tr><th>Number</th><th>Behaviour</th></tr>${cards}</table>
<h2>Outage</h2>
${
  outageSince
    ? `<p role="status" class="error">Failing since ${escapeHtml(outageSince.toISOString())}: every authorisation and payout order gets an error.
After three in a row the status page shows card payments as degraded.</p>
<form method="post" action="/sandbox/acquirer/outage"><button type="submit" name="failing" value="off">Answer normally again</button></form>`
    : `<p>Make the acquirer answer every authorisation and payout order with an error, as one that is down does: after three
failed payments in a row the status page (<a href="/status">/status</a>) shows card payments as degraded.</p>
<form method="post" action="/sandbox/acquirer/outage"><button type="submit" name="failing" value="on">Make the acquirer fail</button></form>`
}
<h2>Latest payments</h2>
${rows ? `<table><tr><th>Created</th><th>Kind</th><th>Id</th><th>Amount</th><th>Status</th><th>Events</th></tr>${rows}</table>` : '<p class="muted">No payments yet.</p>'}
</body></html>`;
}
