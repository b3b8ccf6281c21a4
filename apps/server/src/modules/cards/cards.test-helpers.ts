import { constants, createPublicKey, publicEncrypt } from "node:crypto";
import type { TestApp } from "../../test-app.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";

export type Customer = { phone: string; token: string; customerId: string };
type Method = "GET" | "POST" | "PUT";

export const BILLING = { country: "DE", city: "Berlin", address: "Invalidenstr. 1", postalCode: "10115" };
export const PERSONAL_INFO = {
  dataCorrectnessConfirmation: true,
  isUsRelated: false,
  incomeSources: ["salary"],
  estimatedMonthlyTurnoverRange: "0-1000",
};

/** Drives the card calls over HTTP, and the sandbox issuer's clock, for tests. */
export function cardsDriver(t: TestApp) {
  const d = cryptoDriver(t);
  let keys = 0;
  const call = (
    c: Customer,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...d.bearer(c.token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const driver = {
    d,
    call,
    nextKey: () => `card-key-${++keys}`,
    create: (c: Customer, cardType: string, cp = "CP_1", cardDesignId = 2) =>
      call(c, "POST", `/v2/card/card-requests?cp=${cp}`, { cardType, cardDesignId }),
    list: async (c: Customer, cp = "CP_1") => (await call(c, "GET", `/v2/card/list?cp=${cp}`)).json(),
    /** Every collecting step of an order, each answering 200. */
    async fillOrder(c: Customer, id: string, cp = "CP_1", billing: Record<string, string> = BILLING) {
      const steps = [
        await call(c, "PUT", "/v1/customer/profile/tax", { taxCountry: "DEU", taxId: "12345678901" }),
        await call(c, "POST", `/v3/card/additional-personal-info?cp=${cp}`, PERSONAL_INFO),
        await call(c, "PUT", `/v2/card/card-requests/${id}/cardholder-name?cp=${cp}`, {
          firstName: "Ada",
          lastName: "Lovelace",
        }),
        await call(c, "PUT", `/v3/card/card-requests/${id}/address?cp=${cp}`, {
          billingAddress: billing,
          shippingMatchBilling: true,
        }),
      ];
      for (const res of steps) if (res.statusCode !== 200) throw new Error(`order step: ${res.body}`);
    },
    offer: (c: Customer, id: string, currency: string, cp = "CP_1") =>
      call(c, "POST", `/v2/card/card-requests/${id}/payment-offer/${currency}?cp=${cp}`),
    confirm: (c: Customer, offerId: string, key: string, cp = "CP_1") =>
      call(c, "POST", `/v2/card/card-requests/payment-offer/${offerId}/confirm?cp=${cp}`, undefined, {
        "idempotency-key": key,
      }),
    cancel: (c: Customer, id: string, cp = "CP_1") =>
      call(c, "POST", `/v2/card/card-requests/${id}/cancel?cp=${cp}`),
    /** A paid order: filled, offered and confirmed in `currency`. */
    async paidOrder(
      c: Customer,
      cardType: string,
      currency: string,
      cp = "CP_1",
      billing: Record<string, string> = BILLING,
    ) {
      const created = await driver.create(c, cardType, cp);
      if (created.statusCode !== 200) throw new Error(`create: ${created.body}`);
      const id = created.json().id as string;
      await driver.fillOrder(c, id, cp, billing);
      const offer = await driver.offer(c, id, currency, cp);
      if (offer.statusCode !== 200) throw new Error(`offer: ${offer.body}`);
      const paid = await driver.confirm(c, offer.json().offerId, driver.nextKey(), cp);
      if (paid.statusCode !== 200) throw new Error(`confirm: ${paid.body}`);
      return { id, offer: offer.json(), receipt: paid.json() };
    },
    advance: (cardRequestId: string) =>
      t.app.inject({ method: "POST", url: "/sandbox/issuer/advance", payload: { cardRequestId } }),
    /** The newest activation code the sandbox issuer sent to the phone. */
    async lastCode(phone: string): Promise<string> {
      const { rows } = await t.database.pool.query<{ body: string }>(
        `select body from sms_outbox where phone = $1 and body like '%ctivation code%' order by created_at desc limit 1`,
        [phone],
      );
      const code = rows[0]?.body.match(/(\d{6})$/)?.[1];
      if (!code) throw new Error(`no activation code for ${phone}`);
      return code;
    },
    /** The code encrypted to the server's key, as the app sends it. */
    async sealed(c: Customer, code: string) {
      const key = (await call(c, "GET", "/v2/card/rsa-public-key")).json() as {
        id: string;
        publicKey: string;
      };
      const publicKey = createPublicKey({
        key: Buffer.from(key.publicKey, "base64"),
        format: "der",
        type: "spki",
      });
      const passCode = publicEncrypt(
        { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
        Buffer.from(code),
      ).toString("base64");
      return { keyId: key.id, passCode };
    },
  };
  return driver;
}
