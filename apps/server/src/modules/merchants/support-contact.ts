/**
 * Where the web's 'Contact support' leads (docs/support.md): the chat widget that the merchant's
 * chat key names, when the deployment has a chat vendor; the web falls back to the merchant's
 * support address or page. The key is the merchant's account at the vendor, so it is public, like
 * every chat vendor's site key.
 */
export function supportChatUrl(widgetUrl: string | undefined, chatKey: string | null): string | null {
  if (!widgetUrl || !chatKey) return null;
  return widgetUrl.replace("{key}", encodeURIComponent(chatKey));
}

/** The origin the web must be allowed to frame for the vendor's widget (none when same-origin). */
export function supportChatOrigin(widgetUrl: string | undefined): string | undefined {
  if (!widgetUrl || widgetUrl.startsWith("/")) return undefined;
  return new URL(widgetUrl.replace("{key}", "key")).origin;
}
