import nodemailer from "nodemailer";
import { commonErrors } from "../../http/app-error.ts";
import type { EmailProvider } from "./email-provider.ts";
import { renderHtml, renderText } from "./email-render.ts";

/**
 * Email over SMTP (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465): text + HTML in the
 * merchant's branding, from `SMTP_FROM` under the merchant's name. A server that cannot be
 * reached or refuses the message is the caller's 503 (try again), never a 500.
 */
export function createSmtpEmail(options: { url: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: { name: message.brand.title, address: options.from },
          replyTo: message.brand.supportEmail ?? undefined,
          to: message.to,
          subject: message.subject,
          text: renderText(message),
          html: renderHtml(message),
        });
      } catch {
        throw commonErrors.create("SERVICE_UNAVAILABLE", {
          message: "The email could not be sent right now. Please try again later.",
          headers: { "retry-after": "30" },
        });
      }
    },
  };
}
