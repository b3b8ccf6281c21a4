import { toDecimalString } from "@kestrel/money";
import { escapeHtml } from "../../http/html-escape.ts";
import type { SandboxBankTransfer } from "../../providers/bank/sandbox-bank.repository.ts";

/** SEPA reason codes a tester can return an outgoing transfer with. */
export const RETURN_REASONS = [
  "AC04 Account closed",
  "AC01 Incorrect account number",
  "MD07 Beneficiary deceased",
  "AM05 Duplication",
] as const;

function row(t: SandboxBankTransfer): string {
  const amount = `${escapeHtml(toDecimalString(t.amount, "EUR"))} EUR`;
  const what =
    t.direction === "IN"
      ? `From ${escapeHtml(t.counterpartyName)} (<code>${escapeHtml(t.counterpartyIban)}</code>) to <code>${escapeHtml(t.accountIban)}</code>`
      : `From <code>${escapeHtml(t.accountIban)}</code> to ${escapeHtml(t.counterpartyName)} (<code>${escapeHtml(t.counterpartyIban)}</code>)`;
  const status = `<strong>${escapeHtml(t.status)}</strong>${t.returnReason ? `: ${escapeHtml(t.returnReason)}` : ""}`;
  const controls =
    t.direction === "OUT" && t.status === "PENDING"
      ? `<form method="post" action="/sandbox/bank/transfers/execute/form"><input type="hidden" name="id" value="${escapeHtml(t.id)}"><button type="submit">Execute now</button></form>
<form method="post" action="/sandbox/bank/transfers/return/form"><input type="hidden" name="id" value="${escapeHtml(t.id)}">
<label>Reason<select name="reason">${RETURN_REASONS.map((r) => `<option>${escapeHtml(r)}</option>`).join("")}</select></label>
<button type="submit" class="danger">Return it</button></form>`
      : "";
  return `<tr><td>${t.direction === "IN" ? "In" : "Out"}</td><td>${what}<br>${amount}${t.remittance ? `, reference “${escapeHtml(t.remittance)}”` : ""}</td><td>${status}${controls}</td></tr>`;
}

/**
 * The sandbox console's bank page: send a SEPA credit transfer to one of the bank's IBANs, see the
 * transfers it carried, execute or return a pending outgoing one. No script, so the strict CSP holds.
 */
export function renderBankConsole(v: {
  transfers: SandboxBankTransfer[];
  error?: string | undefined;
  done?: string | undefined;
}): string {
  const rows = v.transfers.map(row).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox console: bank</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#111}
h1{font-size:22px}h2{font-size:18px;margin-top:28px}form{display:flex;gap:12px;align-items:end;flex-wrap:wrap;margin:6px 0}
label{display:flex;flex-direction:column;font-size:14px;gap:4px}
input,select{padding:8px;font-size:15px;border:1px solid #888;border-radius:6px}input[name=iban],input[name=senderIban]{min-width:20em}
button{padding:9px 16px;font-size:15px;border-radius:6px;border:0;background:#1F3FBF;color:#fff}button.danger{background:#A4161A}
.result{padding:10px 12px;border-radius:8px;background:#eef2ff}.error{padding:10px 12px;border-radius:8px;background:#fde8e8}
table{width:100%;border-collapse:collapse;margin-top:12px}td{border-top:1px solid #ddd;padding:8px;vertical-align:top;font-size:14px}
code{word-break:break-all}
</style></head><body>
<p><a href="/sandbox">← Sandbox console</a></p>
<h1>Bank</h1>
<p>The sandbox bank issues the customers' IBANs. A transfer sent here arrives on the IBAN at once. Withdrawals
are executed after the bank's delay (BANK_EXECUTION_SECONDS), or returned: by you below, or by the bank itself
when the amount's cents are 66 (for example 12.66 EUR).</p>
${v.error ? `<p class="error" role="alert">${escapeHtml(v.error)}</p>` : ""}${v.done ? `<p class="result" role="status">${escapeHtml(v.done)}</p>` : ""}
<h2>Receive a SEPA transfer</h2>
<form method="post" action="/sandbox/bank/transfer-in/form">
<label>To IBAN<input type="text" name="iban" required autocomplete="off" spellcheck="false"></label>
<label>Sender name<input type="text" name="senderName" required value="Erika Mustermann"></label>
<label>Sender IBAN<input type="text" name="senderIban" required value="DE89370400440532013000" spellcheck="false"></label>
<label>Amount (EUR)<input type="text" name="amount" required inputmode="decimal" placeholder="100.00"></label>
<label>Reference<input type="text" name="reference" maxlength="140"></label>
<button type="submit">Send transfer</button>
</form>
<h2>Transfers</h2>
${rows ? `<table>${rows}</table>` : `<p>No transfers yet.</p>`}
</body></html>`;
}
