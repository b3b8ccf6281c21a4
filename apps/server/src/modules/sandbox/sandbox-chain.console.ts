import { type CurrencyCode, toDecimalString } from "@kestrel/money";
import { escapeHtml } from "../../http/html-escape.ts";
import type { SandboxTxRow } from "../../providers/chain/sandbox-chain.repository.ts";

/**
 * The sandbox console's chain page: send a test deposit to an address, and see a transaction's
 * confirmations. Server-rendered with no script, like the console, so the strict CSP holds.
 */
export function renderChainConsole(v: {
  currencies: string[];
  tx?: SandboxTxRow | undefined;
  error?: string | undefined;
  /** Local nodes (CHAINS=local): their currencies, and what the last button did. */
  local?: { currencies: string[]; result: string | undefined } | undefined;
}): string {
  const tx = v.tx;
  const options = v.currencies.map((c) => `<option>${escapeHtml(c)}</option>`).join("");
  const state = tx
    ? `<p class="result" role="status">${tx.direction === "IN" ? "Deposit" : "Withdrawal"} of
${escapeHtml(toDecimalString(tx.amount, tx.currency as CurrencyCode))} ${escapeHtml(tx.currency)} to <code>${escapeHtml(tx.address)}</code>:
<strong>${escapeHtml(tx.status)}</strong>, ${tx.confirmations} of ${tx.requiredConfirmations} confirmations.<br>
Transaction <code>${escapeHtml(tx.txHash)}</code>. <a href="/sandbox/chain?tx=${encodeURIComponent(tx.txHash)}">Refresh</a></p>
${
  tx.status === "PENDING"
    ? `<form method="post" action="/sandbox/chain/advance/form"><input type="hidden" name="txHash" value="${escapeHtml(tx.txHash)}">
<label>Confirmations<input type="text" name="confirmations" inputmode="numeric" value="1" size="3"></label>
<button type="submit">Move the clock</button></form>`
    : ""
}`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox console: chain</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#111}
h1{font-size:22px}form{display:flex;gap:12px;align-items:end;flex-wrap:wrap}
label{display:flex;flex-direction:column;font-size:14px;gap:4px}
input,select{padding:8px;font-size:15px;border:1px solid #888;border-radius:6px}input[name=address]{min-width:min(28em,calc(100vw - 56px))}
button{padding:9px 16px;font-size:15px;border-radius:6px;border:0;background:#1F3FBF;color:#fff}
.result{padding:10px 12px;border-radius:8px;background:#eef2ff}.error{padding:10px 12px;border-radius:8px;background:#fde8e8}
.result,.error{overflow-wrap:anywhere}
code{word-break:break-all}
</style></head><body>
<p><a href="/sandbox">← Sandbox console</a></p>
<h1>Chain</h1>
<p>Sends a test payment to any address of the currency's network, as if from an outside wallet. It gathers
confirmations on the sandbox clock (BTC 2, ETH and tokens 12, LTC 6, TRX 19) and is credited to the customer who
owns the address once it has them. Withdrawals of an amount ending in 666 minor units, or to an address ending
in "dead", fail on the chain and are refunded.</p>
${v.error ? `<p class="error" role="alert">${escapeHtml(v.error)}</p>` : ""}${state}
<form method="post" action="/sandbox/chain/deposit/form">
<label>Currency<select name="currency">${options}</select></label>
<label>Address<input type="text" name="address" required autocomplete="off" spellcheck="false"></label>
<label>Amount<input type="text" name="amount" required inputmode="decimal" placeholder="0.01"></label>
<button type="submit">Send test deposit</button>
</form>
${v.local ? localNodes(v.local) : ""}
</body></html>`;
}

/** The local nodes' section: real test coins paid on them, and blocks mined. */
function localNodes(local: { currencies: string[]; result: string | undefined }): string {
  const options = local.currencies.map((c) => `<option>${escapeHtml(c)}</option>`).join("");
  return `<h2>Local nodes</h2>
<p>${escapeHtml(local.currencies.join(", "))} run on real local nodes (CHAINS=local): a payment here is a real transaction
from the node's funded test account, mined into a block; the block follower sees it, and credits it at the
network's confirmations. Mine blocks to add confirmations.</p>
${local.result ? `<p class="result" role="status">${escapeHtml(local.result)}</p>` : ""}
<form method="post" action="/sandbox/chain/local/pay/form">
<label>Currency<select name="currency">${options}</select></label>
<label>Address<input type="text" name="address" required autocomplete="off" spellcheck="false"></label>
<label>Amount<input type="text" name="amount" required inputmode="decimal" placeholder="0.5"></label>
<button type="submit">Pay test coins</button>
</form>
<form method="post" action="/sandbox/chain/local/mine/form" style="margin-top:12px">
<label>Blocks<input type="text" name="blocks" inputmode="numeric" value="1" size="3"></label>
<button type="submit">Mine blocks</button>
</form>`;
}
