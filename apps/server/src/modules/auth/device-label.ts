import Bowser from "bowser";

/**
 * What the security centre calls a device: "Chrome on macOS", "Safari on iOS". Read from the
 * User-Agent by bowser (a maintained parser), so no hand-kept list of browsers ages here.
 * Null when the header says nothing recognisable (scripts, apps without one).
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  // bowser answers "" for what it does not know (a script's "node", "curl/8.0").
  const browser = parsed.browser.name || undefined;
  const os = parsed.os.name || undefined;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? null;
}
