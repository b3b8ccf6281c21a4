import type { MerchantData } from "../config-service/schemas.ts";

/**
 * Where 'Contact support' leads (docs/support.md): the chat widget the merchant's chat key names
 * when the server gives its page, else the merchant's support address, else its support page.
 */
export type SupportContact =
  | { kind: "chat"; url: string }
  | { kind: "email"; href: string }
  | { kind: "page"; href: string }
  | { kind: "none" };

export function supportContact(merchant: MerchantData | undefined): SupportContact {
  if (!merchant) return { kind: "none" };
  if (merchant.supportChatUrl) return { kind: "chat", url: merchant.supportChatUrl };
  if (merchant.supportEmail) return { kind: "email", href: `mailto:${merchant.supportEmail}` };
  if (merchant.supportUrl && /^https?:\/\//.test(merchant.supportUrl)) {
    return { kind: "page", href: merchant.supportUrl };
  }
  return { kind: "none" };
}
