import { isValidBIC, isValidIBAN } from "ibantools";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { accountsDriver } from "../auth/auth.test-helpers.ts";
import { cryptoDriver } from "../crypto/crypto.test-helpers.ts";
import { kycDriver } from "../kyc/kyc.test-helpers.ts";
import { NIMBUS_MERCHANT_ID } from "../merchants/index.ts";
import { ibanDriver } from "./iban.test-helpers.ts";

type Customer = { phone: string; token: string; customerId: string };
let t: TestApp;
let d: ReturnType<typeof cryptoDriver>;
let api: ReturnType<typeof ibanDriver>;
let alice: Customer;
let bob: Customer;
let aliceIban: { id: string; iban: string; bic: string };
let bobIban: { id: string; iban: string };
let carol: Customer;
let carolIban: { id: string; iban: string };
let dave: Customer;
let daveIban: { id: string; iban: string };

// Customers sign up, verify and order over HTTP: slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const RECIPIENT = { name: "Max Mustermann", iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" };

beforeAll(async () => {
  // Outgoing transfers stay pending until a test moves the bank's clock.
  t = await createTestApp({ BANK_EXECUTION_SECONDS: "600" });
  d = cryptoDriver(t);
  api = ibanDriver(t);
  [alice, bob, carol, dave] = await Promise.all([d.verified(), d.verified(), d.verified(), d.verified()]);
  [aliceIban, bobIban, carolIban, daveIban] = await Promise.all([
    api.issue(alice.token),
    api.issue(bob.token),
    api.issue(carol.token),
    api.issue(dave.token),
  ]);
});
afterAll(() => t.close());

describe("the order", () => {
  it("lists a customer without an order as NONE and eligible; the constants name the 27 EU countries", async () => {
    const c = await kycDriver(t).customer("Hopper");
    const list = await api.list(c.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ status: "NONE", displayStatus: "START", eligible: true, ibans: [] });
    const constants = (await api.get(c.token, "/v2/iban/additional-personal-info/constants")).json();
    expect(constants.euCountries).toHaveLength(27);
    expect(constants.incomeSource).toContain("salary");
    expect(constants.estimatedMonthlyTurnoverRange).toContain("0-1000");
  });

  it("reports the open steps, resumes the unfinished order, closes steps as they are answered", async () => {
    const c = await kycDriver(t).customer("Hopper"); // KYC_0: identity not verified yet
    const created = await api.request(c.token);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      status: "COLLECTION",
      additionalStatuses: ["KYC", "ADDITIONAL_PERSONAL_INFO", "TAXID", "ADDRESS"],
    });
    expect((await api.info(c.token)).statusCode).toBe(200);
    const again = await api.request(c.token);
    expect(again.json()).toMatchObject({ id: created.json().id, additionalStatuses: ["KYC", "ADDRESS"] });
    expect((await api.address(c.token)).statusCode).toBe(200);
    const list = (await api.list(c.token)).json();
    expect(list.ibans[0]).toMatchObject({
      ibanRequestId: created.json().id,
      status: "COLLECTION",
      displayStatus: "ACTION",
      additionalStatuses: ["KYC"],
      iban: null,
    });
    const saved = (await api.get(c.token, "/v2/iban/additional-personal-info")).json();
    expect(saved).toMatchObject({
      incomeSources: ["salary", "savings"],
      taxId: "DE123456789",
      billingAddress: { country: "DE", city: "Berlin", zipCode: "10115" },
    });
    // Cancelled, a new order starts afresh.
    expect((await api.cancel(c.token, created.json().id)).json()).toEqual({ result: "ok" });
    expect((await api.list(c.token)).json().status).toBe("NONE");
    expect((await api.request(c.token)).json().id).not.toBe(created.json().id);
  });

  it("issues a verified customer's IBAN: the merchant's country, valid mod-97 check digits, a BIC", async () => {
    expect(aliceIban.iban).toMatch(/^LT\d{18}$/);
    expect(isValidIBAN(aliceIban.iban)).toBe(true);
    // ISO 7064 mod 97-10 worked out here, not by the library that composed it: the first four
    // characters moved to the end, letters as 10..35, the number mod 97 is 1.
    const mod97 = (iban: string) =>
      BigInt([...`${iban.slice(4)}${iban.slice(0, 4)}`].map((ch) => Number.parseInt(ch, 36)).join("")) % 97n;
    expect(mod97("DE89370400440532013000")).toBe(1n); // a published example IBAN
    expect(mod97("DE89370400440532013001")).not.toBe(1n);
    expect(mod97(aliceIban.iban)).toBe(1n);
    expect(mod97(bobIban.iban)).toBe(1n);
    expect(aliceIban.bic).toBe("KSTLLT22XXX");
    expect(isValidBIC(aliceIban.bic)).toBe(true);
    expect(aliceIban.iban).not.toBe(bobIban.iban);
    const list = (await api.list(alice.token)).json();
    expect(list).toMatchObject({ status: "ACTIVE", displayStatus: "ACTIVE" });
    expect(list.ibans[0]).toMatchObject({ balance: "0.00", currency: "EUR", holderName: "Ada Lovelace" });
  });

  it("refuses a cancel after the issue and a second order", async () => {
    const requestId = (await api.list(alice.token)).json().ibans[0].ibanRequestId;
    const cancel = await api.cancel(alice.token, requestId);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ error: "IBAN_REQUEST_NOT_CANCELLABLE" });
    expect((await api.request(alice.token)).statusCode).toBe(409);
    expect((await api.list(alice.token)).json().status).toBe("ACTIVE");
  });

  it("answers 404 for another customer's order", async () => {
    const requestId = (await api.list(alice.token)).json().ibans[0].ibanRequestId;
    const res = await api.cancel(bob.token, requestId);
    expect(res.statusCode).toBe(404);
  });

  it("is for EU residents only, said plainly", async () => {
    const c = await kycDriver(t).customer("Hopper");
    const patched = await t.app.inject({
      method: "PATCH",
      url: "/v2/customer/profile",
      headers: { authorization: `Bearer ${c.token}` },
      payload: { residenceCountry: "CH" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const list = (await api.list(c.token)).json();
    expect(list).toMatchObject({ status: "UNAVAILABLE", eligible: false, reason: "COUNTRY_NOT_ELIGIBLE" });
    expect(list.message).toMatch(/residents of the European Union/);
    const res = await api.request(c.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: "COUNTRY_NOT_ELIGIBLE", field: "residenceCountry" });
  });

  it("is refused where the merchant's IBAN flag is off", async () => {
    const c = await kycDriver(t).customer("Hopper", NIMBUS_MERCHANT_ID);
    const nimbus = ibanDriver(t, NIMBUS_MERCHANT_ID);
    expect((await nimbus.list(c.token)).json()).toMatchObject({
      status: "UNAVAILABLE",
      reason: "NOT_OFFERED",
    });
    for (const res of [
      await nimbus.request(c.token),
      await nimbus.info(c.token),
      await nimbus.address(c.token),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: "IBAN_NOT_OFFERED" });
    }
    expect((await nimbus.addRecipient(c.token, RECIPIENT)).statusCode).toBe(403);
  });

  it("answers 400 naming the field for bad answers, and saves nothing", async () => {
    const c = await kycDriver(t).customer("Hopper");
    const bad = await api.info(c.token, {
      isUsRelated: false,
      incomeSources: ["lottery"],
      estimatedMonthlyTurnoverRange: "0-1000",
      taxCountry: "DE",
      taxId: "X1234",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toMatch(/^incomeSources/);
    const us = await api.info(c.token, {
      isUsRelated: true,
      incomeSources: ["salary"],
      estimatedMonthlyTurnoverRange: "0-1000",
      taxCountry: "DE",
      taxId: "X1234",
    });
    expect(us.statusCode).toBe(400);
    expect(us.json().field).toBe("usRelatedPerson");
    const address = await api.address(c.token, {
      country: "Germany",
      city: "Berlin",
      address1: "A 1",
      zipCode: "10115",
    });
    expect(address.statusCode).toBe(400);
    expect(address.json().field).toBe("country");
    expect((await api.get(c.token, "/v2/iban/additional-personal-info")).json()).toMatchObject({
      incomeSources: [],
      billingAddress: null,
    });
  });
});

describe("recipients", () => {
  it("are created with a validated IBAN and BIC, listed, and deleted; another customer's is 404", async () => {
    const res = await api.addRecipient(alice.token, RECIPIENT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Max Mustermann",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
    });
    const list = (await api.get(alice.token, "/v2/iban/recipients")).json().recipients;
    expect(list.map((r: { id: string }) => r.id)).toContain(res.json().id);
    expect((await api.get(bob.token, "/v2/iban/recipients")).json().recipients).toEqual([]);
    const other = await t.app.inject({
      method: "DELETE",
      url: `/v2/iban/recipients/${res.json().id}`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(other.statusCode).toBe(404);
    const own = await t.app.inject({
      method: "DELETE",
      url: `/v2/iban/recipients/${res.json().id}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(own.json()).toEqual({ result: "ok" });
  });

  it("refuses an invalid IBAN or BIC with 400 naming the field", async () => {
    const badIban = await api.addRecipient(alice.token, { ...RECIPIENT, iban: "DE89370400440532013001" });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json()).toMatchObject({ error: "INVALID_IBAN", field: "iban" });
    const badBic = await api.addRecipient(alice.token, { ...RECIPIENT, bic: "COBA1EFF" });
    expect(badBic.statusCode).toBe(400);
    expect(badBic.json()).toMatchObject({ error: "INVALID_BIC", field: "bic" });
    const outsideSepa = await api.addRecipient(alice.token, {
      ...RECIPIENT,
      iban: "BR1800360305000010009795493C1",
    });
    expect(outsideSepa.json()).toMatchObject({ error: "IBAN_NOT_SEPA", field: "iban" });
    expect((await api.get(alice.token, "/v2/iban/recipients")).json().recipients).toEqual([]);
  });
});

describe("money", () => {
  it("credits a SEPA transfer from the bank once, however often the bank says so", async () => {
    const sent = await api.transferIn(aliceIban.iban, "250.00", "Salary");
    expect(sent.statusCode, sent.body).toBe(200);
    await api.runBankJobs();
    expect(await api.balance(alice.token)).toEqual({ balance: "250.00", available: "250.00" });
    const last = api.delivered.at(-1);
    if (!last) throw new Error("nothing delivered");
    const again = await api.notify(last.raw, last.signature);
    expect(again.json()).toEqual({ result: "OK", effect: "ALREADY_CREDITED" });
    expect(await api.balance(alice.token)).toEqual({ balance: "250.00", available: "250.00" });
    const history = (await api.history(alice.token, aliceIban.id)).json();
    expect(history.items[0]).toMatchObject({
      type: "SEPA_IN",
      direction: "IN",
      status: "COMPLETED",
      amount: "250.00",
      counterpartyName: "Erika Mustermann",
      reference: "Salary",
    });
    const ops = (await d.history(alice.token, "typeFilter=IBAN_RECEIVE")).json().operations;
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      type: "IBAN_RECEIVE",
      direction: "IN",
      amount: "250.00",
      currency: "EUR",
    });
    expect(ops[0].ibanModel).toMatchObject({ ibanId: aliceIban.id, counterpartyName: "Erika Mustermann" });
  });

  it("refuses a forged notification and a transfer to an IBAN the bank does not hold", async () => {
    const raw = JSON.stringify({ forged: true });
    expect((await api.notify(raw, "sha256=00")).statusCode).toBe(401);
    const unknown = await api.transferIn("DE89370400440532013000", "10.00");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe("iban");
  });

  it("exchanges USDT into the IBAN's EUR through the quote engine", async () => {
    expect((await d.faucet(alice.phone, "USDT", "500")).statusCode).toBe(200);
    const offer = await api.post(alice.token, `/v2/iban/${aliceIban.id}/exchange/offer`, {
      currencyFrom: "USDT",
      currencyTo: "EUR",
      amountFrom: "100",
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const { offerId, targetCurrencyAmount } = offer.json();
    // An EXCHANGE_IBAN offer is not an exchange offer: the wallet call does not know it.
    const wrongCall = await t.app.inject({
      method: "PUT",
      url: `/v1/mobile/exchange/offer/${offerId}`,
      headers: { authorization: `Bearer ${alice.token}`, "idempotency-key": `x-${offerId}` },
    });
    expect(wrongCall.statusCode).toBe(404);
    const executed = await t.app.inject({
      method: "PUT",
      url: `/v2/iban/${aliceIban.id}/exchange/offer/${offerId}`,
      headers: { authorization: `Bearer ${alice.token}`, "idempotency-key": offerId },
    });
    expect(executed.statusCode, executed.body).toBe(200);
    const expected = (250 * 100 + Math.round(Number(targetCurrencyAmount.amount) * 100)) / 100;
    expect((await api.balance(alice.token)).balance).toBe(expected.toFixed(2));
    expect((await d.wallet(alice.token, "USDT")).balance).toBe("400.000000");
    const history = (await api.history(alice.token, aliceIban.id)).json();
    expect(history.items[0]).toMatchObject({ type: "EXCHANGE_IN", amount: targetCurrencyAmount.amount });
    const wrongCurrency = await api.post(alice.token, `/v2/iban/${aliceIban.id}/exchange/offer`, {
      currencyFrom: "USDT",
      currencyTo: "BTC",
      amountFrom: "10",
    });
    expect(wrongCurrency.json()).toMatchObject({ field: "currencyTo" });
    // Another customer's IBAN: 404.
    const other = await api.post(bob.token, `/v2/iban/${aliceIban.id}/exchange/offer`, {
      currencyFrom: "USDT",
      currencyTo: "EUR",
      amountFrom: "10",
    });
    expect(other.statusCode).toBe(404);
  });

  it("re-prices an open exchange offer into the IBAN; refuses another's (404), a bad field (400), an executed one (409)", async () => {
    const url = `/v2/iban/${aliceIban.id}/exchange/offer`;
    const put = (c: Customer, path: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: path, headers: { authorization: `Bearer ${c.token}` }, payload });
    const usdt = (amountFrom: string) => ({ currencyFrom: "USDT", currencyTo: "EUR", amountFrom });
    const offer = (await api.post(alice.token, url, usdt("10"))).json();
    const repriced = await put(alice, url, { offerId: offer.offerId, ...usdt("20") });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json()).toMatchObject({
      offerId: offer.offerId,
      fixedSide: "FROM",
      sourceCurrencyAmount: { amount: "20.000000", currencyCode: "USDT" },
      targetCurrencyAmount: { currencyCode: "EUR" },
    });
    expect(Number(repriced.json().targetCurrencyAmount.amount)).toBeGreaterThan(
      Number(offer.targetCurrencyAmount.amount),
    );
    // Another customer's IBAN, and another customer's offer on one's own IBAN: 404.
    const othersIban = await put(bob, url, { offerId: offer.offerId, ...usdt("20") });
    expect(othersIban.statusCode).toBe(404);
    expect(othersIban.json()).toMatchObject({ error: "IBAN_NOT_FOUND" });
    const othersOffer = await put(bob, `/v2/iban/${bobIban.id}/exchange/offer`, {
      offerId: offer.offerId,
      ...usdt("20"),
    });
    expect(othersOffer.statusCode).toBe(404);
    expect(othersOffer.json()).toMatchObject({ error: "OFFER_NOT_FOUND", field: "offerId" });
    // A wallet exchange offer is not an IBAN offer: 404 here too.
    const walletOffer = await api.post(alice.token, "/v1/mobile/exchange/offer", usdt("10"));
    expect(walletOffer.statusCode, walletOffer.body).toBe(200);
    const wrongKind = await put(alice, url, { offerId: walletOffer.json().offerId, ...usdt("20") });
    expect(wrongKind.statusCode).toBe(404);
    // 400 naming the field.
    const noAmount = await put(alice, url, {
      offerId: offer.offerId,
      currencyFrom: "USDT",
      currencyTo: "EUR",
    });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().field).toBe("amountFrom");
    const notEur = await put(alice, url, { offerId: offer.offerId, ...usdt("20"), currencyTo: "BTC" });
    expect(notEur.statusCode).toBe(400);
    expect(notEur.json().field).toBe("currencyTo");
    // Executed, it can no longer be re-priced.
    const executed = await t.app.inject({
      method: "PUT",
      url: `${url}/${offer.offerId}`,
      headers: { authorization: `Bearer ${alice.token}`, "idempotency-key": offer.offerId },
    });
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json().sourceCurrencyAmount).toEqual({ amount: "20.000000", currencyCode: "USDT" });
    const again = await put(alice, url, { offerId: offer.offerId, ...usdt("30") });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: "OFFER_ALREADY_EXECUTED", field: "offerId" });
    expect((await d.wallet(alice.token, "USDT")).balance).toBe("380.000000");
  });

  it("withdraws to a recipient with an SMS code: reserved, pending, then executed", async () => {
    const before = await api.balance(alice.token);
    const recipient = (await api.addRecipient(alice.token, RECIPIENT)).json();
    const data = (await api.get(alice.token, `/v2/iban/${aliceIban.id}/withdraw/data`)).json();
    expect(data).toMatchObject({
      currency: "EUR",
      fees: { fixFee: "1.00" },
      minAmount: "1.00",
      confirmation: "SMS",
    });
    const body = { recipientId: recipient.id, amount: "50.00", reference: "Rent" };
    const first = await api.withdraw(alice.token, aliceIban.id, body, "alice-rent");
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({
      error: "CONFIRMATION_REQUIRED",
      data: { confirmationRequired: true },
    });
    const code = await accountsDriver(t.app, t.database).lastCode(alice.phone);
    const res = await api.withdraw(alice.token, aliceIban.id, body, "alice-rent", code);
    expect(res.statusCode, res.body).toBe(200);
    // The same request again (a retry): the stored answer, nothing moves twice.
    const replay = await api.withdraw(alice.token, aliceIban.id, body, "alice-rent", code);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json()).toEqual(res.json());
    expect(res.json()).toMatchObject({
      status: "PENDING",
      amount: "50.00",
      fee: "1.00",
      recipient: { name: "Max Mustermann" },
    });
    const reserved = await api.balance(alice.token);
    expect(reserved.balance).toBe(before.balance);
    expect(Number(reserved.available)).toBeCloseTo(Number(before.available) - 51, 2);
    await api.runBankJobs(); // sent to the bank; not due yet
    expect((await api.history(alice.token, aliceIban.id)).json().items[0]).toMatchObject({
      type: "SEPA_OUT",
      status: "PENDING",
    });
    // The console's "Execute now", over HTTP.
    const executeNow = async (id: string) =>
      (
        await t.app.inject({ method: "POST", url: "/sandbox/bank/transfers/execute", payload: { id } })
      ).json();
    const railId = await api.railIdOf(res.json().transferId);
    expect(await executeNow(railId)).toEqual({ executed: true });
    await api.runBankJobs();
    expect(await executeNow(railId)).toEqual({ executed: false }); // no longer pending
    const after = await api.balance(alice.token);
    expect(after.balance).toBe(reserved.available);
    expect(after.available).toBe(reserved.available);
    expect((await api.history(alice.token, aliceIban.id)).json().items[0]).toMatchObject({
      status: "COMPLETED",
    });
  });

  it("refunds a transfer the bank returns, once, fee included", async () => {
    await api.transferIn(bobIban.iban, "40.00");
    await api.runBankJobs();
    const recipient = (await api.addRecipient(bob.token, RECIPIENT)).json();
    const before = await api.balance(bob.token);
    const res = await api.confirmedWithdraw(bob, bobIban.id, { recipientId: recipient.id, amount: "12.66" });
    expect(res.statusCode, res.body).toBe(200);
    await api.runBankJobs();
    // 66 cents: the sandbox bank returns it when due.
    await api.bank.executeNow(await api.railIdOf(res.json().transferId));
    await api.runBankJobs();
    expect(await api.balance(bob.token)).toEqual(before);
    const last = api.delivered.at(-1);
    if (!last) throw new Error("nothing delivered");
    expect((await api.notify(last.raw, last.signature)).json()).toEqual({
      result: "OK",
      effect: "ALREADY_FINAL",
    });
    expect(await api.balance(bob.token)).toEqual(before);
    expect((await api.history(bob.token, bobIban.id)).json().items[0]).toMatchObject({
      status: "RETURNED",
      returnReason: "AC04 Account closed",
    });
  });

  it("returns a transfer the console returns, with its reason", async () => {
    await api.transferIn(carolIban.iban, "20.00");
    await api.runBankJobs();
    const recipient = (await api.addRecipient(carol.token, RECIPIENT)).json();
    const before = await api.balance(carol.token);
    const res = await api.confirmedWithdraw(carol, carolIban.id, {
      recipientId: recipient.id,
      amount: "5.00",
    });
    await api.runBankJobs();
    await t.app.inject({
      method: "POST",
      url: "/sandbox/bank/transfers/return",
      payload: { id: await api.railIdOf(res.json().transferId), reason: "MD07 Beneficiary deceased" },
    });
    await api.runBankJobs();
    expect(await api.balance(carol.token)).toEqual(before);
    expect((await api.history(carol.token, carolIban.id)).json().items[0].returnReason).toBe(
      "MD07 Beneficiary deceased",
    );
  });

  it("refuses bad withdrawals before any code is sent; another's IBAN or recipient is 404", async () => {
    const texts = async () =>
      (await t.app.inject({ url: `/sandbox/sms?phone=${alice.phone}` })).json().data.length as number;
    const textsBefore = await texts();
    const recipient = (await api.addRecipient(alice.token, RECIPIENT)).json();
    const tooMuch = await api.withdraw(alice.token, aliceIban.id, {
      recipientId: recipient.id,
      amount: "99999.00",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().field).toBe("amount");
    // Within the KYC_2 limit (5,000 EUR a transaction), above the balance.
    const broke = await api.withdraw(alice.token, aliceIban.id, {
      recipientId: recipient.id,
      amount: "4500.00",
    });
    expect(broke.statusCode, broke.body).toBe(422);
    expect(broke.json()).toMatchObject({ error: "INSUFFICIENT_FUNDS", field: "amount" });
    // Covered by the balance, above the limit: refused by the limit, not after a code.
    await api.transferIn(aliceIban.iban, "6000.00");
    await api.runBankJobs();
    const overLimit = await api.withdraw(alice.token, aliceIban.id, {
      recipientId: recipient.id,
      amount: "5500.00",
    });
    expect(overLimit.statusCode, overLimit.body).toBe(422);
    expect(overLimit.json()).toMatchObject({
      error: "LIMIT_EXCEEDED",
      data: { reason: "PER_TRANSACTION_LIMIT", operationType: "WITHDRAW_IBAN" },
    });
    const othersRecipient = (await api.addRecipient(bob.token, RECIPIENT)).json();
    const notMine = await api.withdraw(alice.token, aliceIban.id, {
      recipientId: othersRecipient.id,
      amount: "2.00",
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().field).toBe("recipientId");
    const othersIban = await api.withdraw(alice.token, bobIban.id, {
      recipientId: recipient.id,
      amount: "2.00",
    });
    expect(othersIban.statusCode).toBe(404);
    expect((await api.get(alice.token, `/v2/iban/${bobIban.id}/withdraw/data`)).statusCode).toBe(404);
    expect((await api.history(alice.token, bobIban.id)).statusCode).toBe(404);
    expect(await texts()).toBe(textsBefore);
  });

  it("refuses a wrong SMS code with 400 naming the header, moving nothing", async () => {
    await api.transferIn(daveIban.iban, "30.00");
    await api.runBankJobs();
    const before = await api.balance(dave.token);
    const recipient = (await api.addRecipient(dave.token, RECIPIENT)).json();
    const body = { recipientId: recipient.id, amount: "2.00" };
    const first = await api.withdraw(dave.token, daveIban.id, body, "dave-wrong");
    expect(first.json()).toMatchObject({ error: "CONFIRMATION_REQUIRED" });
    const code = await accountsDriver(t.app, t.database).lastCode(dave.phone);
    const wrong = await api.withdraw(
      dave.token,
      daveIban.id,
      body,
      "dave-wrong",
      code === "0000" ? "1111" : "0000",
    );
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: "CUSTOMER_SMS_CODE_INCORRECT",
      field: "X-Confirmation-Code",
    });
    expect(await api.balance(dave.token)).toEqual(before);
    expect((await api.history(dave.token, daveIban.id)).json().items).toHaveLength(1); // the transfer in
  });

  it("keeps the ledger's invariants", async () => {
    await d.expectInvariants();
  });
});
