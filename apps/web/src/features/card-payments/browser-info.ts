import type { BrowserInfo } from "./api/card-calls.ts";

/** Spec §3's browser information, sent with a card payment for the bank's 3-D Secure check. */
export function browserInfo(): BrowserInfo {
  const nav = window.navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    timezoneOffset: new Date().getTimezoneOffset(),
    colorDepth: window.screen.colorDepth || 24,
    language: nav.language || "en",
    screenHeight: window.screen.height || 1,
    screenWidth: window.screen.width || 1,
    os: nav.userAgentData?.platform || nav.platform || "unknown",
    userAgent: nav.userAgent.slice(0, 1000) || "unknown",
    javaEnabled: false,
    javascriptEnabled: true,
  };
}
