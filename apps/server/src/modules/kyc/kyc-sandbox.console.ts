import { escapeHtml } from "../../http/html-escape.ts";

const RESULTS: Record<string, string> = {
  applied: "Decision applied: the customer's level and status changed.",
  duplicate: "That decision had been received already.",
  stale: "A newer decision was applied already; this one was ignored.",
  "no customer": "No customer of this merchant has that phone number.",
  "nothing submitted": "That customer has submitted nothing to decide.",
};

/**
 * The sandbox console's KYC page: decide a phone's verification now instead of waiting for the
 * automatic review. Server-rendered with no script, like the console, so the strict CSP holds.
 */
export function renderKycConsole(v: { merchant: string; phone?: string; result?: string }): string {
  const result = v.result ? RESULTS[v.result] : undefined;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox console: identity verification</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#111}
h1{font-size:22px}form{display:flex;gap:12px;align-items:end;flex-wrap:wrap}fieldset{border:0;padding:0;margin:0;display:flex;gap:12px}
label{display:flex;flex-direction:column;font-size:14px;gap:4px}fieldset label{flex-direction:row;align-items:center;font-size:15px}
input[type=text]{padding:8px;font-size:15px;border:1px solid #888;border-radius:6px}
button{padding:9px 16px;font-size:15px;border-radius:6px;border:0;background:#1F3FBF;color:#fff}
.result{padding:10px 12px;border-radius:8px;background:#eef2ff}.visually-hidden{position:absolute;left:-9999px}
</style></head><body>
<p><a href="/sandbox">← Sandbox console</a></p>
<h1>Identity verification</h1>
<p>Decides the newest submitted verification of a customer of <strong>${escapeHtml(v.merchant)}</strong> now, as the
reviewer would (signed callback). Test inputs decide on their own after a short delay: last name REJECT
is rejected, RETRY must send new photos, anyone else is approved.</p>
${result ? `<p class="result" role="status">${escapeHtml(result)}</p>` : ""}
<form method="post" action="/sandbox/kyc/decide">
<label>Phone (digits with country code)<input type="text" name="phone" inputmode="numeric" required value="${escapeHtml(v.phone ?? "")}"></label>
<fieldset><legend class="visually-hidden">Decision</legend>
<label><input type="radio" name="outcome" value="APPROVED" checked> Approve</label>
<label><input type="radio" name="outcome" value="RETRY"> Ask for new photos</label>
<label><input type="radio" name="outcome" value="REJECTED"> Reject</label></fieldset>
<button type="submit">Decide</button></form>
</body></html>`;
}
