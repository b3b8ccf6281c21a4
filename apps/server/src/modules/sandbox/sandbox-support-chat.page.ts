import { escapeHtml } from "../../http/html-escape.ts";
import type { SupportChatMessage } from "../../providers/support-chat/sandbox-support-chat.ts";

const STYLE = `
*{box-sizing:border-box}html,body{height:100%;margin:0}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#111;background:#fff;display:flex;flex-direction:column}
header{display:flex;align-items:center;gap:8px;padding:12px 16px;border-bottom:1px solid #e4e6eb}
header h1{font-size:16px;margin:0;flex:1}
.badge{font-size:12px;padding:2px 8px;border-radius:999px;background:#fff4d6;color:#6b4b00}
.messages{list-style:none;margin:0;flex:1;overflow-y:auto;display:flex;flex-direction:column-reverse;gap:8px;padding:16px}
.message{max-width:80%;padding:10px 12px;border-radius:14px;font-size:15px;line-height:1.4;white-space:pre-wrap;overflow-wrap:anywhere}
.agent{align-self:flex-start;background:#f0f2f5;border-bottom-left-radius:4px}
.customer{align-self:flex-end;color:#fff;background:var(--brand);border-bottom-right-radius:4px}
.who{display:block;font-size:12px;opacity:.75;margin-bottom:2px}
form{display:flex;gap:8px;padding:12px 16px;border-top:1px solid #e4e6eb}
input[type=text]{flex:1;min-width:0;padding:10px 12px;font-size:16px;border:1px solid #9aa0a6;border-radius:10px}
button{padding:10px 16px;font-size:15px;font-weight:600;border:0;border-radius:10px;color:#fff;background:var(--brand)}
.error{margin:0;padding:8px 16px;color:#a50e0e;background:#fdecea;font-size:14px}
`;

/**
 * The sandbox chat widget's page (framed by the web app). Server-rendered with no script, so the
 * strict CSP holds: the form posts, the server answers with a redirect back here. Newest message
 * last, kept in view by a reversed column (no script to scroll).
 */
export function renderSupportChat(v: {
  chatKey: string;
  title: string;
  brand: string;
  conversationId: string;
  messages: SupportChatMessage[];
  error?: string | undefined;
}): string {
  const greeting: SupportChatMessage = {
    id: "greeting",
    author: "agent",
    body: "Hi! How can we help you today?",
    createdAt: new Date(0),
  };
  const items = [greeting, ...v.messages]
    .reverse()
    .map(
      (m) =>
        `<li class="message ${m.author}"><span class="who">${m.author === "agent" ? "Support" : "You"}</span>${escapeHtml(m.body)}</li>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(v.title)} support chat</title>
<style>${STYLE}:root{--brand:${escapeHtml(v.brand)}}</style></head><body>
<header><h1>${escapeHtml(v.title)} support</h1><span class="badge">Sandbox chat</span></header>
<ul class="messages" aria-label="Messages" role="log">${items}</ul>
${v.error ? `<p class="error" role="alert">${escapeHtml(v.error)}</p>` : ""}
<form method="post" action="/sandbox/support-chat/messages">
<input type="hidden" name="key" value="${escapeHtml(v.chatKey)}">
<input type="hidden" name="conversation" value="${escapeHtml(v.conversationId)}">
<input type="text" name="message" aria-label="Your message" placeholder="Type your message" maxlength="2000" required autocomplete="off" autofocus>
<button type="submit">Send</button>
</form>
</body></html>`;
}

/** What a page for an unknown key says: a vendor shows this for a key of no account. */
export function renderUnknownChat(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Support chat</title><style>${STYLE}</style></head>
<body><p class="error" role="alert">This support chat is not set up. Please contact the merchant another way.</p></body></html>`;
}
