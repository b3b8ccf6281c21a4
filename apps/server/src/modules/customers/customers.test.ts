import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { accountsDriver, newPhone } from "../auth/auth.test-helpers.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { createCustomersRepository } from "./customers.repository.ts";

let t: TestApp;
let d: ReturnType<typeof accountsDriver>;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  d = accountsDriver(t.app, t.database);
  token = (await d.register(newPhone())).access_token;
});
afterAll(() => t.close());

const patch = (payload: unknown, bearer = token) =>
  t.app.inject({
    method: "PATCH",
    url: "/v2/customer/profile",
    headers: d.bearer(bearer),
    payload: payload as object,
  });

const complete = {
  firstName: "Anna",
  lastName: "Müller-Lüdenscheidt",
  residenceCountry: "DE",
  residenceStreet: "Hauptstraße 5",
  residenceCity: "Berlin",
  dateOfBirth: "1990-04-12",
};

describe("profile", () => {
  it("is KYC_0 before and after the profile is complete: the widget, not the profile, raises it", async () => {
    const partial = await patch({ firstName: "Anna" });
    expect(partial.json()).toMatchObject({ firstName: "Anna", completedKycLevel: "KYC_0" });
    const full = await patch(complete);
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ ...complete, completedKycLevel: "KYC_0" });
  });

  it.each([
    [{ firstName: "Robert'); DROP TABLE" }, "firstName"],
    [{ lastName: "" }, "lastName"],
    [{ dateOfBirth: "2015-01-01" }, "dateOfBirth"],
    [{ dateOfBirth: "1990-02-30" }, "dateOfBirth"],
    [{ dateOfBirth: "12.04.1990" }, "dateOfBirth"],
    [{ residenceCountry: "Germany" }, "residenceCountry"],
    [{ residenceCity: "<b>x</b>" }, "residenceCity"],
    [{ phone: "4915100000000" }, "phone"],
  ])("refuses %o naming %s, changing nothing", async (body, field) => {
    const before = (await t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(token) })).json();
    const res = await patch(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "NOT_VALID_REQUEST_DATA", field });
    expect((await t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(token) })).json()).toEqual(
      before,
    );
  });

  it("answers an empty patch with the profile as it is", async () => {
    const before = (await t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(token) })).json();
    const res = await patch({});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(before);
  });

  it("refuses a residence in a blocked country", async () => {
    const res = await patch({ residenceCountry: "IR" });
    expect(res.json()).toMatchObject({ error: "COUNTRY_NOT_OFFERED", field: "residenceCountry" });
  });

  it("shows each customer only their own profile", async () => {
    const other = (await d.register(newPhone())).access_token;
    const mine = (await t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(token) })).json();
    const theirs = (await t.app.inject({ url: "/v2/customer/profile", headers: d.bearer(other) })).json();
    expect(mine.customerId).not.toBe(theirs.customerId);
    expect(theirs.firstName).toBeUndefined();
  });

  it("stores tax data and push settings", async () => {
    const tax = await t.app.inject({
      method: "PUT",
      url: "/v1/customer/profile/tax",
      headers: d.bearer(token),
      payload: { taxId: "DE-123456", taxCountry: "DEU" },
    });
    expect(tax.json()).toMatchObject({ taxId: "DE-123456", taxCountry: "DEU" });
    const badTax = await t.app.inject({
      method: "PUT",
      url: "/v1/customer/profile/tax",
      headers: d.bearer(token),
      payload: { taxId: "D1", taxCountry: "DE" },
    });
    expect(badTax.json()).toMatchObject({ field: "taxId" });
    const push = await t.app.inject({
      method: "PUT",
      url: "/v1/customer/device/push",
      headers: d.bearer(token),
      payload: { state: "ENABLED", deviceId: "device-1", deviceToken: "tok" },
    });
    expect(push.json()).toEqual({ result: "ENABLED" });
  });
});

describe("a new customer's row", () => {
  it("is refused as a duplicate only for a phone taken; a referral code taken raises for a retry", async () => {
    const repository = createCustomersRepository({ db: clientSourceFromPool(t.database.pool) });
    const row = (phone: string, ownReferralCode: string) => ({
      id: randomUUID(),
      merchantId: DEMO_MERCHANT_ID,
      phone,
      passwordHash: "x",
      ownReferralCode,
    });
    const first = await repository.insert(row(newPhone(), "DUPCODE1"));
    expect(first?.ownReferralCode).toBe("DUPCODE1");
    expect(await repository.insert(row(first?.phone as string, "OTHER001"))).toBeUndefined();
    // Taken code, new phone: not "phone taken" (undefined) but the unique violation the service retries.
    await expect(repository.insert(row(newPhone(), "DUPCODE1"))).rejects.toMatchObject({ code: "23505" });
  });
});
