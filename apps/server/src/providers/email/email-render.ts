import { escapeHtml } from "../../http/html-escape.ts";
import type { Merchant } from "../../modules/merchants/index.ts";
import type { EmailBrand, EmailMessage } from "./email-provider.ts";

/** The merchant's branding for an email whose links open on `origin` (the customer's host). */
export function emailBrandOf(merchant: Merchant, origin: string): EmailBrand {
  const logo = merchant.settings.horizontalImage;
  return {
    merchantId: merchant.id,
    title: merchant.title,
    logoUrl: logo ? new URL(logo, origin).toString() : null,
    buttonColor: /^#[0-9a-fA-F]{3,8}$/.test(merchant.settings.buttonColor1)
      ? merchant.settings.buttonColor1
      : "#1a56db",
    supportEmail: merchant.supportEmail,
  };
}

/** The text part: the message, its link on a line of its own, and who to write to. */
export function renderText(m: EmailMessage): string {
  const parts = [m.text];
  if (m.action) parts.push(`${m.action.label}:\n${m.action.url}`);
  if (m.brand.supportEmail) parts.push(`Questions? Write to ${m.brand.supportEmail}.`);
  parts.push(`— ${m.brand.title}`);
  return parts.join("\n\n");
}

/**
 * The HTML part: the same words in the merchant's colours (inline styles and a table layout,
 * which is what mail clients render). Everything taken from data is escaped.
 */
export function renderHtml(m: EmailMessage): string {
  const { brand } = m;
  const heading = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.title)}" height="32" style="height:32px">`
    : `<strong style="font-size:20px">${escapeHtml(brand.title)}</strong>`;
  const paragraphs = m.text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replaceAll("\n", "<br>")}</p>`)
    .join("");
  const button = m.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(m.action.url)}" style="background:${escapeHtml(brand.buttonColor)};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(m.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#555">Or open this link: <a href="${escapeHtml(m.action.url)}">${escapeHtml(m.action.url)}</a></p>`
    : "";
  const support = brand.supportEmail
    ? `<p style="font-size:12px;color:#555">Questions? Write to <a href="mailto:${escapeHtml(brand.supportEmail)}">${escapeHtml(brand.supportEmail)}</a>.</p>`
    : "";
  return `<!doctype html><html><body style="margin:0;background:#f4f4f5;font-family:Arial,sans-serif;color:#111">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:24px">
<tr><td style="padding-bottom:16px;border-bottom:3px solid ${escapeHtml(brand.buttonColor)}">${heading}</td></tr>
<tr><td style="padding-top:16px;font-size:15px;line-height:1.5">${paragraphs}${button}${support}</td></tr>
</table></td></tr></table></body></html>`;
}
