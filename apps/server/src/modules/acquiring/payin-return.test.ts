import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { BROWSER, CARDS, type CardTest, cardTestApp } from "./acquiring.test-helpers.ts";

// After the bank's 3-D Secure page the customer comes back to the host they paid from when it is
// one of their merchant's (their session's cookie lives there), else to their merchant's first
// host; never to PUBLIC_BASE_URL's host as such, never to another merchant's.

type Customer = { phone: string; token: string; customerId: string };
let x: CardTest;
let kestrel: Customer;
let nimbus: Customer;

beforeAll(async () => {
  x = await cardTestApp();
  [kestrel, nimbus] = await Promise.all([x.d.verified(), x.d.verified(NIMBUS_MERCHANT_ID)]);
});
afterAll(() => x.t.close());

/** PUBLIC_BASE_URL's scheme and port on `host`. */
const origin = (host: string) => {
  const url = new URL(x.t.config.publicBaseUrl);
  url.hostname = host;
  return url.origin;
};

/** Pays 50 EUR with the challenge card from `host`, answers the bank's page: where it sends back. */
async function returnFrom(customer: Customer, host: string): Promise<URL> {
  const saved = await x.addPayinCard(customer.token, CARDS.challenge);
  expect(saved.statusCode, saved.body).toBe(200);
  const offer = await x.payinOffer(customer.token, saved.json().cardId);
  expect(offer.statusCode, offer.body).toBe(200);
  const { offerId } = offer.json();
  const pay = await x.call(
    customer.token,
    "POST",
    `/v3/payin/pay/${offerId}`,
    { cardCVV: "123", fingerprint: BROWSER, successUrl: "/top-up/card" },
    { host },
  );
  expect(pay.json().transactionStatus, pay.body).toBe("CHALLENGE");
  const bank = await x.challenge(pay.json().authLink);
  const answered = await bank.submit(`code=${bank.code}`);
  expect(answered.statusCode).toBe(303);
  const back = new URL(String(answered.headers.location));
  expect(back.pathname + back.search).toBe(`/top-up/card?offerId=${offerId}`);
  // The bank's page lets its form lead there: CSP's form-action governs the form's redirect too.
  expect(bank.page.headers["content-security-policy"]).toContain(`form-action 'self' ${back.origin};`);
  return back;
}

describe("3-D Secure return address", () => {
  it("the demo merchant's customer on 127.0.0.1 comes back to 127.0.0.1, on localhost to localhost", async () => {
    expect((await returnFrom(kestrel, "127.0.0.1:3000")).origin).toBe(origin("127.0.0.1"));
    expect((await returnFrom(kestrel, "localhost")).origin).toBe(origin("localhost"));
  });

  it("a Nimbus Pay customer comes back to nimbus.localhost", async () => {
    expect((await returnFrom(nimbus, "nimbus.localhost:3000")).origin).toBe(origin("nimbus.localhost"));
  });

  it("an unknown or another merchant's host sends back to the merchant's first host", async () => {
    expect((await returnFrom(nimbus, "127.0.0.1")).origin).toBe(origin("nimbus.localhost"));
    expect((await returnFrom(nimbus, "evil.example")).origin).toBe(origin("nimbus.localhost"));
    expect((await returnFrom(kestrel, "nimbus.localhost")).origin).toBe(origin("localhost"));
  });
});
