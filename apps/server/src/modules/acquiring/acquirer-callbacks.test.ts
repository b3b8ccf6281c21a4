import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAcquirerCallback } from "../../providers/acquirer/acquirer-callback.ts";
import { CARDS, type CardTest, cardTestApp } from "./acquiring.test-helpers.ts";

type Customer = { phone: string; token: string; customerId: string };
let x: CardTest;
let alice: Customer;

beforeAll(async () => {
  x = await cardTestApp();
  alice = await x.d.verified();
});
afterAll(() => x.t.close());

/** A pay-in paid with the frictionless card, its callbacks still queued: [payment id, acquirer id]. */
async function pendingPayin() {
  const cardId = (await x.addPayinCard(alice.token, CARDS.frictionless)).json().cardId;
  const offer = (await x.payinOffer(alice.token, cardId, "50")).json();
  const pay = (await x.payinPay(alice.token, offer.offerId)).json();
  const { rows } = await x.t.database.pool.query<{ provider_ref: string }>(
    "select provider_ref from card_payments where id = $1",
    [pay.operationId],
  );
  const events = await x.takeJobs();
  return {
    offer,
    ids: { reference: pay.operationId as string, paymentId: rows[0]?.provider_ref as string },
    events,
  };
}

const status = async (offerId: string) => (await x.payinStatus(alice.token, offerId)).json().status;
const credits = async (reference: string) =>
  Number(
    (await x.t.database.pool.query("select count(*) from ledger_operations where id = $1", [reference]))
      .rows[0].count,
  );

describe("the acquirer's callbacks", () => {
  it("forged or unsigned: 401, nothing changes", async () => {
    const p = await pendingPayin();
    const captured = JSON.stringify(x.event({ ...p.ids, status: "CAPTURED", sequence: 2 }));
    expect((await x.post(captured, signAcquirerCallback("not-the-secret", captured))).statusCode).toBe(401);
    expect((await x.post(captured, "")).statusCode).toBe(401);
    // Signed, but the bytes changed after signing.
    const signature = signAcquirerCallback(x.t.config.secrets.callback, captured);
    expect((await x.post(captured.replace("50.00", "50.0"), signature)).statusCode).toBe(401);
    expect(await status(p.offer.offerId)).toBe("PENDING");
    expect(await credits(p.ids.reference)).toBe(0);
  });

  it("a malformed body is 400 naming the field; an unknown payment 404", async () => {
    const bad = JSON.stringify({
      ...x.event({ paymentId: "pay_12345678", reference: crypto.randomUUID(), status: "CAPTURED" }),
      sequence: 0,
    });
    const res = await x.post(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("sequence");
    const unknown = JSON.stringify(
      x.event({ paymentId: "pay_12345678", reference: crypto.randomUUID(), status: "CAPTURED" }),
    );
    expect((await x.post(unknown)).statusCode).toBe(404);
  });

  it("an amount or currency other than the offer's is refused (422) and changes nothing", async () => {
    const p = await pendingPayin();
    const amount = await x.post(
      JSON.stringify(x.event({ ...p.ids, status: "CAPTURED", sequence: 2, amount: "5000.00" })),
    );
    expect(amount.statusCode).toBe(422);
    expect(amount.json()).toMatchObject({ error: "CALLBACK_MISMATCH", field: "amount" });
    const currency = await x.post(
      JSON.stringify(x.event({ ...p.ids, status: "CAPTURED", sequence: 2, currency: "USD" })),
    );
    expect(currency.json()).toMatchObject({ error: "CALLBACK_MISMATCH", field: "currency" });
    const payoutKind = await x.post(JSON.stringify(x.event({ ...p.ids, status: "PAID", sequence: 2 })));
    expect(payoutKind.statusCode).toBe(422);
    expect(await status(p.offer.offerId)).toBe("PENDING");
    expect(await credits(p.ids.reference)).toBe(0);
    // The right one still goes through.
    const ok = await x.post(JSON.stringify(x.event({ ...p.ids, status: "CAPTURED", sequence: 2 })));
    expect(ok.json().effect).toBe("CREDITED");
  });

  it("an offer re-priced under a started payment (a re-price racing pay) is never booked", async () => {
    const p = await pendingPayin();
    // What a re-price landing just after pay's commit would leave: the offer no longer the one paid.
    await x.t.database.pool.query("update quote_offers set amount_to = amount_to + 1 where id = $1", [
      p.offer.offerId,
    ]);
    const res = await x.post(JSON.stringify(p.events[0]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: "CALLBACK_MISMATCH", field: "amount" });
    const captured = await x.post(JSON.stringify(x.event({ ...p.ids, status: "CAPTURED", sequence: 2 })));
    expect(captured.statusCode).toBe(422);
    expect(await status(p.offer.offerId)).toBe("PENDING");
    expect(await credits(p.ids.reference)).toBe(0);
  });

  it("duplicates change nothing: credited once", async () => {
    const p = await pendingPayin();
    const [authorised] = p.events;
    expect(authorised?.status).toBe("AUTHORISED");
    const raw = JSON.stringify(authorised);
    expect((await x.post(raw)).json().effect).toBe("AUTHORISED");
    expect((await x.post(raw)).json().effect).toBe("DUPLICATE");
    const [captured] = await x.takeJobs();
    expect(captured?.status).toBe("CAPTURED");
    const capturedRaw = JSON.stringify(captured);
    const results = await Promise.all([x.post(capturedRaw), x.post(capturedRaw), x.post(capturedRaw)]);
    expect(results.map((r) => r.json().effect).sort()).toEqual(["CREDITED", "DUPLICATE", "DUPLICATE"]);
    expect(await credits(p.ids.reference)).toBe(1);
  });

  it("out of order: the capture before the authorisation credits; the older event is then stale", async () => {
    const p = await pendingPayin();
    const captured = x.event({ ...p.ids, status: "CAPTURED", sequence: 2 });
    expect((await x.post(JSON.stringify(captured))).json().effect).toBe("CREDITED");
    expect((await x.post(JSON.stringify(p.events[0]))).json().effect).toBe("DUPLICATE");
    expect(await status(p.offer.offerId)).toBe("SUCCESS");
  });

  it("late: a decline after the credit is stale; a capture after a decline moves nothing", async () => {
    const p = await pendingPayin();
    await x.post(JSON.stringify(x.event({ ...p.ids, status: "CAPTURED", sequence: 2 })));
    const late = await x.post(
      JSON.stringify(x.event({ ...p.ids, status: "DECLINED", sequence: 3, reason: "late" })),
    );
    expect(late.json().effect).toBe("STALE");
    expect(await status(p.offer.offerId)).toBe("SUCCESS");

    const q = await pendingPayin();
    await x.post(JSON.stringify(x.event({ ...q.ids, status: "DECLINED", sequence: 2, reason: "Declined." })));
    const lateCapture = await x.post(JSON.stringify(x.event({ ...q.ids, status: "CAPTURED", sequence: 3 })));
    expect(lateCapture.json().effect).toBe("STALE");
    expect(await status(q.offer.offerId)).toBe("FAILURE");
    expect(await credits(q.ids.reference)).toBe(0);
  });

  it("the late-callback test card stays pending until its (delayed) callbacks arrive", async () => {
    const cardId = (await x.addPayinCard(alice.token, CARDS.late)).json().cardId;
    const offer = (await x.payinOffer(alice.token, cardId, "20")).json();
    await x.payinPay(alice.token, offer.offerId);
    const { rows } = await x.t.database.pool.query<{ late: boolean }>(
      `select j.run_at > now() + interval '8 seconds' as late from graphile_worker._private_jobs j
       join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'acquirer_callback'`,
    );
    expect(rows).toEqual([{ late: true }]);
    expect(await status(offer.offerId)).toBe("PENDING");
    expect(await x.runCallbacks()).toEqual(["AUTHORISED", "CREDITED"]);
    expect(await status(offer.offerId)).toBe("SUCCESS");
  });
});
