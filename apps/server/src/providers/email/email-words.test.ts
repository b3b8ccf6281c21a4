import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { confirmEmailMessage } from "../../modules/auth/auth-emails.ts";
import type { Merchant } from "../../modules/merchants/index.ts";
import { seedMerchants } from "../../modules/merchants/merchants.seed.ts";
import { newDeviceMessage } from "../../modules/security/security-emails.ts";
import type { EmailMessage } from "./email-provider.ts";
import { renderHtml, renderText } from "./email-render.ts";

// Issue 47, Deliver 5: no email shows a raw code. Every email the server sends is built by a
// template of its module (auth-emails.ts, security-emails.ts); each is rendered here with the
// seeded merchants' data, and its subject, text and HTML read as words.

/** The acceptance pattern for a raw code, and the snake_case codes of the ledger and the API. */
const UPPER_CODE = /\b[A-Z]{2,}(_[A-Z0-9]+)+\b/;
const LOWER_CODE = /\b[a-z]+_[a-z_]+\b/;

const merchants = seedMerchants().map((row) => row as unknown as Merchant);
const origin = "https://wallet.example";
const token = "q0tL0x3N5p7rJ2v9yA1bC4dE6fG8hI0jK2lM4nO6pQ8";

/** What a reader sees: the HTML's text without tags, and no links (a URL is an address, not words). */
function readable(message: EmailMessage): string {
  const html = renderHtml(message)
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&");
  return [message.subject, renderText(message), html].join("\n").replace(/https?:\/\/\S+/g, "<link>");
}

const templates: [string, (merchant: Merchant) => EmailMessage][] = [
  [
    "email confirmation",
    (merchant) => confirmEmailMessage({ merchant, origin, email: "ada@example.com", token }),
  ],
  [
    "new-device sign-in",
    (merchant) =>
      newDeviceMessage({
        merchant,
        origin,
        to: "ada@example.com",
        signIn: { customerId: "c", sessionId: "s", device: "Chrome on Linux", country: "DE" },
        token,
      }),
  ],
  [
    "new-device sign-in from an unnamed device and place",
    (merchant) =>
      newDeviceMessage({
        merchant,
        origin,
        to: "ada@example.com",
        signIn: { customerId: "c", sessionId: "s", device: null, country: null },
        token,
      }),
  ],
];

describe("the emails' words (issue 47)", () => {
  it.each(templates)("%s: no raw code in its subject, text or HTML", (_, render) => {
    for (const merchant of merchants) {
      const text = readable(render(merchant));
      expect(text).toContain(merchant.title);
      expect(text).not.toMatch(UPPER_CODE);
      expect(text).not.toMatch(LOWER_CODE);
    }
  });

  it("names the sign-in's country, and leaves out one it cannot name rather than print its code", () => {
    const [merchant] = merchants;
    if (!merchant) throw new Error("no seeded merchant");
    const signIn = { customerId: "c", sessionId: "s", device: "Firefox on Windows" };
    const known = newDeviceMessage({
      merchant,
      origin,
      to: "a@b.c",
      signIn: { ...signIn, country: "DE" },
      token,
    });
    expect(known.text).toContain("Firefox on Windows in Germany.");
    const unknown = newDeviceMessage({
      merchant,
      origin,
      to: "a@b.c",
      signIn: { ...signIn, country: "AA" },
      token,
    });
    expect(unknown.text).toContain("Firefox on Windows.");
    expect(unknown.text).not.toMatch(/\bAA\b/);
  });

  it("covers every email the server sends: each is built by one of these templates", () => {
    const root = join(import.meta.dirname, "../..");
    const sends = (readdirSync(root, { recursive: true }) as string[])
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .flatMap((f) => [...readFileSync(join(root, f), "utf8").matchAll(/\bemail\.send\(\s*([\w$]*)/g)])
      .map((m) => m[1]);
    expect(sends.sort()).toEqual(["confirmEmailMessage", "newDeviceMessage"]);
  });
});
