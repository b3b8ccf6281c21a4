/**
 * Merchant-configured URLs end up in `src`, `href` and CSS `url()`. Only http(s) and same-origin
 * paths are allowed, so a mistyped or hostile configuration cannot inject `javascript:` or `data:`.
 */
export function safeUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A CSS `url("...")` value with the characters that could end the string escaped. */
export function cssUrl(value: string): string {
  return `url("${value.replace(/["\\\n\r]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}")`;
}
