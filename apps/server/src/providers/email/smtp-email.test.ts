import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsDriver, newPhone } from "../../modules/auth/auth.test-helpers.ts";
import { NIMBUS_MERCHANT_ID } from "../../modules/merchants/index.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";

// A real SMTP server (smtp-server from npm) on this machine receives what the product sends.

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      done();
    });
  },
});

let t: TestApp;
let down: TestApp;
beforeAll(async () => {
  smtp.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  const port = (smtp.server.address() as AddressInfo).port;
  [t, down] = await Promise.all([
    createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: "mail@kestrel.test" }),
    // Nothing listens on port 1: the server is down.
    createTestApp({ SMTP_URL: "smtp://127.0.0.1:1" }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), down.close()]);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const mailsTo = (to: string) => received.filter((m) => m.to.includes(to));

/** Quoted-printable soft breaks and escapes undone, so the parts read as written. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

async function addEmail(app: TestApp, email: string, phone = newPhone()) {
  const d = accountsDriver(app.app, app.database, NIMBUS_MERCHANT_ID);
  const tokens = await d.register(phone);
  return app.app.inject({
    method: "PUT",
    url: "/v2/mobile/email/add",
    headers: { ...d.bearer(tokens.access_token), host: "nimbus.localhost" },
    payload: { email },
  });
}

describe("email through SMTP", () => {
  it("delivers the confirmation as text + HTML in the merchant's branding, and the link confirms", async () => {
    const email = `${newPhone()}@example.com`;
    expect((await addEmail(t, email)).statusCode).toBe(200);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.from).toBe("mail@kestrel.test");
    const raw = decoded(mail?.raw ?? "");
    expect(raw).toMatch(/^From: Nimbus Pay <mail@kestrel\.test>/m);
    expect(raw).toContain("Subject: Confirm your email for Nimbus Pay");
    expect(raw).toContain("Content-Type: text/plain");
    expect(raw).toContain("Content-Type: text/html");
    expect(raw).toContain('src="http://nimbus.localhost');
    const link = new URL(/(http:\/\/nimbus\.localhost[^\s"<]+)/.exec(raw)?.[1] as string);
    expect(link.pathname).toBe("/v2/mobile/email/confirm");
    // The HTML part carries the same link as its button.
    expect(raw).toContain(`href="${link.toString().replaceAll("&", "&amp;")}"`);
    const confirm = await t.app.inject({ url: link.pathname + link.search, headers: { host: link.host } });
    expect(confirm.json()).toEqual({ result: "CONFIRMED" });
    // Sandbox mode: the console keeps its copy.
    const outbox = (await t.app.inject({ url: `/sandbox/email?to=${email}` })).json().data;
    expect(outbox).toHaveLength(1);
    expect(outbox[0].body).toContain(link.toString());
  });

  it("delivers the new-device alert (a notification) as text + HTML with its link in both parts", async () => {
    const phone = newPhone();
    const email = `${phone}@example.com`;
    expect((await addEmail(t, email, phone)).statusCode).toBe(200);
    const confirmLink = new URL(
      /(http:\/\/nimbus\.localhost[^\s"<]+)/.exec(decoded(mailsTo(email)[0]?.raw ?? ""))?.[1] as string,
    );
    await t.app.inject({
      url: confirmLink.pathname + confirmLink.search,
      headers: { host: confirmLink.host },
    });
    // A sign-in on a device this customer never used: the code step, then the session.
    const d = accountsDriver(t.app, t.database, NIMBUS_MERCHANT_ID);
    expect((await d.signIn(phone, "secret1", "new-tablet")).statusCode).toBe(403);
    const signedIn = await d.signIn(phone, "secret1", "new-tablet", await d.lastCode(phone));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const alert = mailsTo(email).find((m) => m.raw.includes("Subject: New sign-in"));
    const raw = decoded(alert?.raw ?? "");
    expect(raw).toMatch(/^From: Nimbus Pay <mail@kestrel\.test>/m);
    expect(raw).toContain("Subject: New sign-in to your Nimbus Pay account");
    // The text part comes first, then the HTML part.
    const [beforeHtml = "", html = ""] = raw.split("Content-Type: text/html");
    const text = beforeHtml.split("Content-Type: text/plain")[1] ?? "";
    const link = /(https?:\/\/[^\s"<]*\/security\/not-me\?token=[\w-]+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain("This wasn&#39;t me");
  });

  it("a mail server that is down is a 503 with Retry-After, never a 500", async () => {
    const res = await addEmail(down, `${newPhone()}@example.com`);
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("30");
  });
});
