import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID, NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { accountsDriver, newPhone } from "./auth.test-helpers.ts";

// The email confirmation link opens on the host the customer added the email from when it is one
// of their merchant's, else on their merchant's first host; never on another merchant's.

let t: TestApp;
/** Behind a proxy at 127.0.0.1 (inject's address), whose X-Forwarded-Host is believed. */
let proxied: TestApp;
beforeAll(async () => {
  [t, proxied] = await Promise.all([createTestApp(), createTestApp({ TRUSTED_PROXIES: "127.0.0.1" })]);
});
afterAll(() => Promise.all([t.close(), proxied.close()]));

/** PUBLIC_BASE_URL's scheme and port on `host`. */
const origin = (host: string) => {
  const url = new URL(t.config.publicBaseUrl);
  url.hostname = host;
  return url.origin;
};

/** A new customer of `merchantId` adds an email from `host`: the emailed link (sandbox outbox). */
async function emailedLink(
  merchantId: string,
  host: string,
  forwardedHost?: string,
  app: TestApp = t,
): Promise<URL> {
  const d = accountsDriver(app.app, app.database, merchantId);
  const phone = newPhone();
  const tokens = await d.register(phone);
  const email = `${phone}@example.com`;
  const add = await app.app.inject({
    method: "PUT",
    url: "/v2/mobile/email/add",
    headers: {
      ...d.bearer(tokens.access_token),
      host,
      ...(forwardedHost ? { "x-forwarded-host": forwardedHost } : {}),
    },
    payload: { email },
  });
  expect(add.statusCode, add.body).toBe(200);
  const mail = (await app.app.inject({ url: `/sandbox/email?to=${email}` })).json().data[0];
  const link = new URL(/(https?:\/\/\S+)/.exec(mail.body)?.[1] as string);
  expect(link.pathname).toBe("/v2/mobile/email/confirm");
  return link;
}

describe("email confirmation link", () => {
  it("the demo merchant's customer on 127.0.0.1 gets a 127.0.0.1 link, on localhost a localhost one", async () => {
    expect((await emailedLink(DEMO_MERCHANT_ID, "127.0.0.1:3000")).origin).toBe(origin("127.0.0.1"));
    expect((await emailedLink(DEMO_MERCHANT_ID, "localhost")).origin).toBe(origin("localhost"));
  });

  it("a Nimbus Pay customer gets a nimbus.localhost link", async () => {
    expect((await emailedLink(NIMBUS_MERCHANT_ID, "nimbus.localhost")).origin).toBe(
      origin("nimbus.localhost"),
    );
  });

  it("an unknown or another merchant's host gives the merchant's first host", async () => {
    expect((await emailedLink(NIMBUS_MERCHANT_ID, "127.0.0.1")).origin).toBe(origin("nimbus.localhost"));
    expect((await emailedLink(NIMBUS_MERCHANT_ID, "evil.example")).origin).toBe(origin("nimbus.localhost"));
    expect((await emailedLink(DEMO_MERCHANT_ID, "nimbus.localhost")).origin).toBe(origin("localhost"));
  });

  it("believes X-Forwarded-Host only from a trusted proxy, and then only a host of the merchant", async () => {
    expect((await emailedLink(DEMO_MERCHANT_ID, "localhost", "127.0.0.1")).origin).toBe(origin("localhost"));
    expect((await emailedLink(DEMO_MERCHANT_ID, "localhost", "127.0.0.1", proxied)).origin).toBe(
      origin("127.0.0.1"),
    );
    expect((await emailedLink(NIMBUS_MERCHANT_ID, "localhost", "evil.example", proxied)).origin).toBe(
      origin("nimbus.localhost"),
    );
  });
});
