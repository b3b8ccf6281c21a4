import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS, CARDS, cardTestApp } from "../acquiring/acquiring.test-helpers.ts";

// Issue 47, Deliver 5: a statement names every line in the customer's words. Money that came in
// or went out without a history row of its own (a crypto pay-in's credit, a card payout's post)
// used to print its ledger kind ("payin crypto", "payout card post").

let x: Awaited<ReturnType<typeof cardTestApp>>;
let alice: { phone: string; token: string };

/** The acceptance pattern for a raw code, and the ledger's snake_case kinds. */
const UPPER_CODE = /\b[A-Z]{2,}(_[A-Z0-9]+)+\b/;
const LOWER_CODE = /\b[a-z]+_[a-z_]+\b/;

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

beforeAll(async () => {
  x = await cardTestApp();
  alice = await x.d.verified();
  expect((await x.faucet(alice.phone, "USDT", "100")).statusCode).toBe(200);

  // A crypto pay-in: a deposit to the wallet's address, credited after its confirmations.
  const address = (await x.d.wallet(alice.token, "USDT")).address;
  const { txHash } = (await x.d.deposit(address.toLowerCase(), "USDT", "25")).json();
  expect((await x.d.advance(txHash, 12)).statusCode).toBe(200);
  await x.d.runChainJobs();
  expect((await x.d.wallet(alice.token, "USDT")).balance).toBe("125.000000");

  // A card pay-in, captured.
  const payinCard = (await x.addPayinCard(alice.token, CARDS.frictionless)).json().cardId;
  const payin = (await x.payinOffer(alice.token, payinCard, "50")).json();
  expect((await x.payinPay(alice.token, payin.offerId)).statusCode).toBe(200);
  expect(await x.runCallbacks()).toEqual(["AUTHORISED", "CREDITED"]);

  // A card payout, reserved then posted by the rail.
  const payoutCard = (
    await x.addPayoutCard(alice.token, CARDS.frictionless, { billingAddress: ADDRESS })
  ).json().cardId;
  const payout = (await x.payoutOffer(alice.token, payoutCard, "20")).json();
  expect((await x.payoutPay(alice.token, payout.offerId)).statusCode).toBe(200);
  expect(await x.runCallbacks()).toEqual(["PAID"]);
});
afterAll(() => x.t.close());

describe("a statement's lines of pay-ins and payouts", () => {
  it("read the customer's phrase, never the ledger's kind (PDF and CSV)", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const query = `/v2/statements?from=${day}&to=${day}`;
    const pdf = await x.t.app.inject({ url: query, headers: x.d.bearer(alice.token) });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const phrase of ["Received crypto", "Added by card", "Withdrawn to a card", "Test credit"]) {
      expect(text).toContain(phrase);
    }
    expect(text).not.toMatch(/payin|payout/i);
    expect(text).not.toMatch(UPPER_CODE);
    expect(text).not.toMatch(LOWER_CODE);

    const csv = await x.t.app.inject({ url: `${query}&format=csv`, headers: x.d.bearer(alice.token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Received crypto");
    expect(csv.body).not.toMatch(/payin|payout/i);
  });
});
