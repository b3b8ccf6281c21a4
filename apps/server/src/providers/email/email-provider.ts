/** What an email looks like in its merchant's colours: the sender's name, logo and button colour. */
export type EmailBrand = {
  merchantId: string;
  /** The merchant's name: the sender's display name and the heading. */
  title: string;
  /** Absolute URL of the merchant's logo, or null for a text heading only. */
  logoUrl: string | null;
  buttonColor: string;
  supportEmail: string | null;
};

/** One email: its text is the whole message; `action` is the link it asks the reader to open. */
export type EmailMessage = {
  brand: EmailBrand;
  to: string;
  subject: string;
  /** Plain text paragraphs, separated by blank lines (the HTML part is made from them). */
  text: string;
  action?: { label: string; url: string };
};

/** Sends emails: over SMTP (smtp-email.ts), and in sandbox mode also into the console's outbox. */
export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}
