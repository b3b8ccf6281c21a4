import type { EmailMessage } from "../../providers/email/email-provider.ts";
import { emailBrandOf } from "../../providers/email/email-render.ts";
import type { NewDeviceSignIn } from "../auth/index.ts";
import type { Merchant } from "../merchants/index.ts";

// The security emails, as pure functions of their data: email-words.test.ts renders each one.

/** How long a "This wasn't me" link works: a day, as the email confirmation link does. */
export const ALERT_LINK_TTL_HOURS = 24;

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

/** A sign-in from a device the customer had never used, with the "This wasn't me" link. */
export function newDeviceMessage(p: {
  merchant: Merchant;
  origin: string;
  to: string;
  signIn: NewDeviceSignIn;
  token: string;
}): EmailMessage {
  const url = new URL("/security/not-me", p.origin);
  url.search = new URLSearchParams({ token: p.token }).toString();
  const device = p.signIn.device ?? "a device we could not name";
  const country = p.signIn.country ? countryNames.of(p.signIn.country) : undefined;
  // A country the runtime cannot name is left out rather than shown as its code.
  const place = country && country !== p.signIn.country ? ` in ${country}` : "";
  return {
    brand: emailBrandOf(p.merchant, p.origin),
    to: p.to,
    subject: `New sign-in to your ${p.merchant.title} account`,
    text: [
      `Your ${p.merchant.title} account was just signed in to from a new device: ${device}${place}.`,
      "If this was you, there is nothing to do.",
      `If it wasn't you, open the link below within ${ALERT_LINK_TTL_HOURS} hours: it signs out every device and lets you set a new password.`,
    ].join("\n\n"),
    action: { label: "This wasn't me", url: url.toString() },
  };
}
