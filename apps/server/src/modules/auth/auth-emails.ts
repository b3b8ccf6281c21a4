import type { EmailMessage } from "../../providers/email/email-provider.ts";
import { emailBrandOf } from "../../providers/email/email-render.ts";
import type { Merchant } from "../merchants/index.ts";

// The emails of sign-up, as pure functions of their data: email-words.test.ts renders each one.

/** How long an email confirmation link works. */
export const EMAIL_LINK_TTL_HOURS = 24;

/** The link that confirms an email address added at sign-up or in the profile. */
export function confirmEmailMessage(p: {
  merchant: Merchant;
  origin: string;
  email: string;
  token: string;
}): EmailMessage {
  const url = new URL("/v2/mobile/email/confirm", p.origin);
  // The reference API's link: `event` names what the link confirms.
  url.search = new URLSearchParams({ email: p.email, event: "CONFIRM_EMAIL", token: p.token }).toString();
  return {
    brand: emailBrandOf(p.merchant, p.origin),
    to: p.email,
    subject: `Confirm your email for ${p.merchant.title}`,
    text: `Confirm your email address by opening this link within ${EMAIL_LINK_TTL_HOURS} hours.\n\nIf you did not add this email, ignore this message.`,
    action: { label: "Confirm your email", url: url.toString() },
  };
}
