import { escapeHtml } from "../../http/html-escape.ts";
import type { OutboxEmail, OutboxSms } from "./sandbox.service.ts";

/** Links in email bodies become clickable, so a tester can follow a confirmation link. */
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * The sandbox console: a plain server-rendered page (no script, so the strict CSP holds) where a
 * tester reads what the sandbox providers sent. Later capabilities add their controls here.
 */
export function renderConsole(v: {
  phone?: string;
  to?: string;
  sms: OutboxSms[];
  emails: OutboxEmail[];
}): string {
  const smsRows = v.sms
    .map((m) => `<tr><td>${escapeHtml(m.sentAt)}</td><td>${escapeHtml(m.body)}</td></tr>`)
    .join("");
  const emailRows = v.emails
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.sentAt)}</td><td><strong>${escapeHtml(m.subject)}</strong><pre>${linkify(m.body)}</pre></td></tr>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kestrel sandbox console</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#111}
h1{font-size:22px}h2{font-size:18px;margin-top:32px}form{display:flex;gap:8px;align-items:end;flex-wrap:wrap}
label{display:flex;flex-direction:column;font-size:14px;gap:4px}input{padding:8px;font-size:15px;border:1px solid #888;border-radius:6px}
button{padding:9px 16px;font-size:15px;border-radius:6px;border:0;background:#1F3FBF;color:#fff}
table{width:100%;border-collapse:collapse;margin-top:12px}td{border-top:1px solid #ddd;padding:8px;vertical-align:top;font-size:14px}
td:first-child{white-space:nowrap;color:#555}pre{white-space:pre-wrap;margin:6px 0 0}.empty{color:#555}
</style></head><body>
<h1>Sandbox console</h1>
<p>What the sandbox providers sent. Sandbox mode only: nothing here reaches a real phone or mailbox.</p>
<h2>Text messages</h2>
<form method="get" action="/sandbox"><label>Phone (digits with country code)<input name="phone" inputmode="numeric" value="${escapeHtml(v.phone ?? "")}"></label>
<input type="hidden" name="to" value="${escapeHtml(v.to ?? "")}"><button type="submit">Show messages</button></form>
${v.phone ? (smsRows ? `<table>${smsRows}</table>` : `<p class="empty">No messages to +${escapeHtml(v.phone)}.</p>`) : ""}
<h2>Emails</h2>
<form method="get" action="/sandbox"><label>Email address<input name="to" type="email" value="${escapeHtml(v.to ?? "")}"></label>
<input type="hidden" name="phone" value="${escapeHtml(v.phone ?? "")}"><button type="submit">Show emails</button></form>
${v.to ? (emailRows ? `<table>${emailRows}</table>` : `<p class="empty">No emails to ${escapeHtml(v.to)}.</p>`) : ""}
<h2>Identity verification</h2>
<p><a href="/sandbox/kyc">Approve or reject a customer's verification</a></p>
<h2>Chain</h2>
<p><a href="/sandbox/chain">Send a test deposit to an address, follow its confirmations</a></p>
<h2>Cards</h2>
<p><a href="/sandbox/issuer">Card issuer: issue paid cards, ship plastic cards</a></p>
<p><a href="/sandbox/issuer/spending">Card purchases: buy at a shop with a card, settle, reverse or refund</a></p>
<h2>Card acquirer</h2>
<p><a href="/sandbox/acquirer">Test cards, and the card payments and payouts of the sandbox acquirer</a></p>
<h2>Bank</h2>
<p><a href="/sandbox/bank">Send a SEPA transfer to an IBAN, execute or return a withdrawal</a></p>
<h2>Sends to someone not yet a customer</h2>
<p><a href="/sandbox/claimable-transfers">Move a send's 7-day clock on: an unclaimed send comes back</a></p>
</body></html>`;
}
