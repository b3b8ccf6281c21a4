import { escapeHtml } from "../../http/html-escape.ts";

/**
 * The sandbox console's page for sends to someone not yet a customer: move one claim's clock on
 * (POST /sandbox/claimable-transfers/{id}/advance as a form), to see an unclaimed send come back
 * without waiting 7 days. No script, so the strict CSP holds.
 */
export function renderClaimsConsole(v: { error?: string | undefined; done?: string | undefined }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox console: claimable transfers</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#111}
h1{font-size:22px}form{display:flex;gap:12px;align-items:end;flex-wrap:wrap;margin:6px 0}
label{display:flex;flex-direction:column;font-size:14px;gap:4px}
input{padding:8px;font-size:15px;border:1px solid #888;border-radius:6px}input{box-sizing:border-box}input[name=id]{width:24em;max-width:calc(100vw - 32px)}
button{padding:9px 16px;font-size:15px;border-radius:6px;border:0;background:#1F3FBF;color:#fff}
.result{padding:10px 12px;border-radius:8px;background:#eef2ff}.error{padding:10px 12px;border-radius:8px;background:#fde8e8}
</style></head><body>
<p><a href="/sandbox">← Sandbox console</a></p>
<h1>Sends to someone not yet a customer</h1>
<p>Money sent by phone to someone who has not joined waits 7 days, then comes back to the sender. Move a
send's clock on to see that now: if its time is up and it is still waiting, it comes back at once, as the
worker would do it. The send's id is its
"Operation ID" in the sender's history details (the receipt's "Reference").</p>
${v.error ? `<p class="error" role="alert">${escapeHtml(v.error)}</p>` : ""}${v.done ? `<p class="result" role="status">${escapeHtml(v.done)}</p>` : ""}
<form method="post" action="/sandbox/claimable-transfers/advance/form">
<label>Send's id<input type="text" name="id" required autocomplete="off" spellcheck="false" placeholder="0193a9e0-…"></label>
<label>Days<input type="number" name="days" required min="1" max="30" value="7"></label>
<button type="submit">Move its clock on</button>
</form>
</body></html>`;
}
