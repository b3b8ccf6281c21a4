import { constants, createPublicKey, publicEncrypt } from "node:crypto";
import { baseUrl } from "./browser.ts";
import { type Customer, credit, eventually, sandboxPost } from "./wallets-support.ts";

// An ACTIVE virtual card for a customer, over HTTP the way the web app calls it (order, pay in
// USDT, the sandbox issuer's clock moved by its console call, activation with the texted code):
// for suites that test what comes after a card is active, without walking the order on screen.

type Listed = { id: string | null; cardRequestId: string; status: string; number: string | null };

/** A signed-in JSON call; fails unless 2xx. One sign-in per helper run (tokens are short-lived). */
function caller(token: string) {
  return async <T>(method: string, route: string, body?: object): Promise<T> => {
    const response = await fetch(`${baseUrl()}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { "content-type": "application/json" } : {}),
        ...(route.includes("/confirm") ? { "idempotency-key": crypto.randomUUID() } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** The code encrypted to the server's RSA key (RSA-OAEP SHA-256), as the web app sends it. */
function seal(publicKey: string, code: string): string {
  const key = createPublicKey({ key: Buffer.from(publicKey, "base64"), format: "der", type: "spki" });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(code),
  ).toString("base64");
}

/** Orders, pays for and activates a virtual card of `cp`; answers the card as listed. */
export async function activeVirtualCard(customer: Customer, cp = "CP_1"): Promise<Listed> {
  await credit(customer.phone, "USDT", "100");
  const call = caller((await customer.signIn()).access_token);
  const q = `?cp=${cp}`;
  const { id } = await call<{ id: string }>("POST", `/v2/card/card-requests${q}`, {
    cardType: "VIRTUAL",
    cardDesignId: 2,
  });
  await call("PUT", "/v1/customer/profile/tax", { taxCountry: "DEU", taxId: "12345678901" });
  await call("POST", `/v3/card/additional-personal-info${q}`, {
    dataCorrectnessConfirmation: true,
    isUsRelated: false,
    incomeSources: ["salary"],
    estimatedMonthlyTurnoverRange: "0-1000",
  });
  await call("PUT", `/v2/card/card-requests/${id}/cardholder-name${q}`, {
    firstName: "Ada",
    lastName: "Lovelace",
  });
  await call("PUT", `/v3/card/card-requests/${id}/address${q}`, {
    billingAddress: { country: "DE", city: "Berlin", address: "Invalidenstr. 1", postalCode: "10115" },
    shippingMatchBilling: true,
  });
  const offer = await call<{ offerId: string }>(
    "POST",
    `/v2/card/card-requests/${id}/payment-offer/USDT${q}`,
  );
  await call("POST", `/v2/card/card-requests/payment-offer/${offer.offerId}/confirm${q}`);
  await sandboxPost("/sandbox/issuer/advance", { cardRequestId: id });
  const code = await eventually(async () => {
    const sms = (await (await fetch(`${baseUrl()}/sandbox/sms?phone=${customer.phone}`)).json()) as {
      data: Array<{ body: string }>;
    };
    const text = sms.data.find((m) => /activation code/i.test(m.body));
    return text ? /(\d{6})$/.exec(text.body)?.[1] : undefined;
  }, "the activation code");
  const key = await call<{ id: string; publicKey: string }>("GET", `/v2/card/rsa-public-key${q}`);
  await call("POST", `/v2/card/virtual/activate${q}`, { keyId: key.id, passCode: seal(key.publicKey, code) });
  const { cards } = await call<{ cards: Listed[] }>("GET", `/v2/card/list${q}`);
  const card = cards.find((c) => c.cardRequestId === id);
  if (card?.status !== "ACTIVE") throw new Error(`the card is ${card?.status}, not ACTIVE`);
  return card;
}
