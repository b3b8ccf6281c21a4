import { constants, generateKeyPairSync, type KeyObject, privateDecrypt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLuhnValid } from "../../providers/issuer/luhn.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { type Customer, cardsDriver } from "./cards.test-helpers.ts";

// Reveal, PIN, label and soft block (docs/cards.md "Reveal, PIN, blocks") over HTTP, against
// the sandbox issuer: every call's 404 for another customer's card, wrong and expired codes,
// replays that act once, keys that are not RSA, the PIN rules, and no clear number anywhere.

let t: TestApp;
let c: ReturnType<typeof cardsDriver>;
let alice: Customer;
let bob: Customer;
let aliceCard: string;
let bobCard: string;

/** A browser's key pair: what Web Crypto makes for RSA-OAEP, exported as base64 DER SPKI. */
function browserPair(bits = 1024) {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: bits });
  return {
    publicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
    open: (sealed: string) =>
      privateDecrypt(
        { key: privateKey as KeyObject, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
        Buffer.from(sealed, "base64"),
      ).toString("utf8"),
  };
}

/** An ACTIVE virtual CP_1 card: paid in USDT, issued by the sandbox issuer, activated. */
async function activeCard(who: Customer): Promise<string> {
  const { id } = await c.paidOrder(who, "VIRTUAL", "USDT");
  expect((await c.advance(id)).json().state).toBe("ISSUED");
  const res = await c.call(
    who,
    "POST",
    "/v2/card/virtual/activate",
    await c.sealed(who, await c.lastCode(who.phone)),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

/** The newest code texted to the phone for `purpose` ("block", "unblock", "show your card details"). */
async function texted(phone: string, words: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ body: string }>(
    `select body from sms_outbox where phone = $1 and body like $2 order by created_at desc limit 1`,
    [phone, `%code to ${words}%`],
  );
  const code = rows[0]?.body.match(/^(\d{4}) /)?.[1];
  if (!code) throw new Error(`no "${words}" code for ${phone}`);
  return code;
}

/** Lets the next code of the purpose be sent now (the 60-second resend wait has passed). */
const waitedAMinute = (phone: string, purpose: string) =>
  t.database.pool.query(
    `update verification_codes set created_at = created_at - interval '61 seconds' where phone = $1 and purpose = $2`,
    [phone, purpose],
  );

/** Puts the card in a status directly (as the issuer's reports or support would). */
const setStatus = (cardId: string, status: string) =>
  t.database.pool.query("update cards set status = $2 where id = $1", [cardId, status]);

/** The customer's security events of `kind` (the security centre's record), newest first. */
const recorded = async (who: Customer, kind: string) =>
  (
    (await c.call(who, "GET", "/v2/security/events?size=100")).json().events as {
      kind: string;
      details: object;
    }[]
  ).filter((e) => e.kind === kind);

const listed = async (who: Customer, id: string) =>
  (await c.list(who)).cards.find((card: { id: string | null }) => card.id === id);
const issuerRow = async (cardId: string) =>
  (
    await t.database.pool.query<{ softBlocked: boolean; pinHash: string | null }>(
      `select i.soft_blocked as "softBlocked", i.pin_hash as "pinHash"
       from sandbox_issuer_cards i join cards k on k.issuer_card_id = i.id where k.id = $1`,
      [cardId],
    )
  ).rows[0];

const sealedPin = async (who: Customer, pin: string) => {
  const { keyId, passCode } = await c.sealed(who, pin);
  return { keyId, pin: passCode };
};

/**
 * Every table of the database (all schemas but PostgreSQL's own: the worker's jobs too) whose
 * rows, read as text (`select r::text`), hold the card number or the CVV in clear. The number
 * counts in any grouping (spaced, dashed) and as the hex a bytea column shows. A 3-digit CVV
 * turns up by chance in ids, amounts, codes and ciphertexts, so searching for it alone would
 * fail at random; it counts where a leak would put it: after a word that names it ("cvv": "123"
 * in JSON, "CVV 123" in a message; up to 12 other characters between, as a row's text doubles
 * the quotes of JSON inside it) or as the whole value of a column named for it. Checked by hand
 * to fail on each: the number plain, spaced and dashed in a text column and in a bytea one, the
 * CVV in a job's JSON payload, in an SMS text, and in a column named card_cvv.
 */
async function tablesHoldingClear(number: string, cvv: string): Promise<string[]> {
  const pool = t.database.pool;
  const own = `table_schema not in ('pg_catalog', 'information_schema')`;
  const { rows: tables } = await pool.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
     where table_type = 'BASE TABLE' and ${own} order by 1`,
  );
  expect(tables.length).toBeGreaterThan(20);
  const grouped = number.match(/\d{4}/g)?.join("[ .-]?") ?? number;
  const hex = Buffer.from(number).toString("hex");
  const named = `(cvv2?|cvc2?|security[ _-]?code)[^0-9a-z]{0,12}${cvv}([^0-9]|$)`;
  const hits: string[] = [];
  for (const { name } of tables) {
    const { rows } = await pool.query<{ hit: boolean }>(
      `select exists (select 1 from ${name} r where r::text ~ $1 or r::text like $2 or r::text ~* $3) as hit`,
      [grouped, `%${hex}%`, named],
    );
    if (rows[0]?.hit) hits.push(name);
  }
  const { rows: columns } = await pool.query<{ name: string; column: string }>(
    `select format('%I.%I', table_schema, table_name) as name, quote_ident(column_name) as column
     from information_schema.columns where ${own} and column_name ~* '(cvv|cvc|security_?code)'`,
  );
  for (const { name, column } of columns) {
    const { rows } = await pool.query<{ hit: boolean }>(
      `select exists (select 1 from ${name} where btrim(${column}::text, ' "') = $1) as hit`,
      [cvv],
    );
    if (rows[0]?.hit) hits.push(`${name}.${column}`);
  }
  return hits;
}

beforeAll(async () => {
  t = await createTestApp();
  c = cardsDriver(t);
  [alice, bob] = await Promise.all([c.d.verified(), c.d.verified()]);
  for (const who of [alice, bob]) expect((await c.d.faucet(who.phone, "USDT", "200")).statusCode).toBe(200);
  [aliceCard, bobCard] = [await activeCard(alice), await activeCard(bob)];
}, 60_000);
afterAll(() => t.close());

describe("another customer's card", () => {
  it("is 404 on every call, and so is an unknown card or another program's", async () => {
    const { publicKey } = browserPair();
    const calls: Array<[string, string, unknown?]> = [
      ["POST", "number", { publicKey }],
      ["GET", "details/code"],
      ["POST", "details", { code: "1234", publicKey }],
      ["POST", "pin", await sealedPin(alice, "1357")],
      ["POST", "label", { label: "Mine" }],
      ["GET", "soft-block/code"],
      ["POST", "soft-block", { code: "1234" }],
      ["GET", "soft-unblock/code"],
      ["POST", "soft-unblock", { code: "1234" }],
    ];
    for (const [method, path, body] of calls) {
      for (const url of [
        `/v2/card/${bobCard}/${path}`,
        `/v2/card/0193a9e0-0000-7000-8000-00000000dead/${path}`,
        `/v2/card/${aliceCard}/${path}?cp=CP_2`,
      ]) {
        const res = await c.call(alice, method as "GET" | "POST", url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ error: "CARD_NOT_FOUND", field: "cardId" });
      }
    }
    // Nothing was texted to either and nothing changed on bob's card.
    const { rows } = await t.database.pool.query(
      `select 1 from verification_codes where phone = any($1) and purpose like 'CARD_%'`,
      [[alice.phone, bob.phone]],
    );
    expect(rows).toHaveLength(0);
    expect(await listed(bob, bobCard)).toMatchObject({ status: "ACTIVE", label: null, pinSet: false });
  });
});

describe("reveal", () => {
  it("answers the number sealed to the browser's 1024-bit key, never in clear", async () => {
    const browser = browserPair(1024);
    const res = await c.call(alice, "POST", `/v2/card/${aliceCard}/number`, { publicKey: browser.publicKey });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const number = browser.open(res.json().number);
    expect(number).toMatch(/^\d{16}$/);
    expect(isLuhnValid(number)).toBe(true);
    expect((await listed(alice, aliceCard)).number.endsWith(number.slice(-4))).toBe(true);
    expect(res.body).not.toContain(number);
    expect(res.json().cardholderName).toBe("ADA LOVELACE");
    const last4 = number.slice(-4);
    expect(await recorded(alice, "CARD_NUMBER_SHOWN")).toEqual([
      expect.objectContaining({ details: { card: last4 } }),
    ]);
    // A larger key is accepted too.
    const big = browserPair(2048);
    const again = await c.call(alice, "POST", `/v2/card/${aliceCard}/number`, { publicKey: big.publicKey });
    expect(big.open(again.json().number)).toBe(number);
  });

  it("shows one card's number at most 20 times an hour (429 with Retry-After)", async () => {
    const { publicKey } = browserPair();
    const { rows } = await t.database.pool.query<{ n: string }>(
      `select coalesce(sum(count), 0) as n from rate_limits where key like $1`,
      [`card-number-reveal:%${aliceCard}`],
    );
    const used = Number(rows[0]?.n ?? 0);
    for (let i = used; i < 20; i++) {
      expect((await c.call(alice, "POST", `/v2/card/${aliceCard}/number`, { publicKey })).statusCode).toBe(
        200,
      );
    }
    const over = await c.call(alice, "POST", `/v2/card/${aliceCard}/number`, { publicKey });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // Bob's card has its own allowance.
    expect((await c.call(bob, "POST", `/v2/card/${bobCard}/number`, { publicKey })).statusCode).toBe(200);
    await t.database.pool.query(`delete from rate_limits where key like $1`, [`card-number-reveal:%`]);
  });

  it("refuses a key that is not a valid RSA key (400 naming publicKey)", async () => {
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    const small = generateKeyPairSync("rsa", { modulusLength: 512 })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    for (const publicKey of ["not a key", Buffer.alloc(200, 7).toString("base64"), ec, small, ""]) {
      const res = await c.call(alice, "POST", `/v2/card/${aliceCard}/number`, { publicKey });
      expect(res.statusCode, publicKey).toBe(400);
      expect(res.json().field).toBe("publicKey");
    }
    const missing = await c.call(alice, "POST", `/v2/card/${aliceCard}/number`, {});
    expect(missing.json()).toMatchObject({ field: "publicKey" });
  });

  it("reveals the full details with the texted code, once per code", async () => {
    const browser = browserPair();
    expect((await c.call(alice, "GET", `/v2/card/${aliceCard}/details/code`)).statusCode).toBe(200);
    // One code a minute per purpose.
    const soon = await c.call(alice, "GET", `/v2/card/${aliceCard}/details/code`);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toBe("SMS_CODE_DELAY_NOT_REACHED");
    const code = await texted(alice.phone, "show your card details");
    const url = `/v2/card/${aliceCard}/details`;

    const wrong = await c.call(alice, "POST", url, {
      code: code === "0000" ? "1111" : "0000",
      publicKey: browser.publicKey,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "CUSTOMER_SMS_CODE_INCORRECT", field: "code" });
    // A bad key is refused before the code is looked at: the code stays good.
    const badKey = await c.call(alice, "POST", url, {
      code,
      publicKey: Buffer.alloc(200).toString("base64"),
    });
    expect(badKey.json()).toMatchObject({ error: "PUBLIC_KEY_NOT_VALID", field: "publicKey" });
    const malformed = await c.call(alice, "POST", url, { code: "12", publicKey: browser.publicKey });
    expect(malformed.json().field).toBe("code");

    const res = await c.call(alice, "POST", url, { code, publicKey: browser.publicKey });
    expect(res.statusCode, res.body).toBe(200);
    const number = browser.open(res.json().number);
    const cvv = browser.open(res.json().cvv);
    expect(number).toMatch(/^\d{16}$/);
    expect(cvv).toMatch(/^\d{3}$/);
    expect(res.json().expiry).toMatch(/^(0[1-9]|1[0-2])\/\d{2}$/);
    expect(res.body).not.toContain(number);

    const replay = await c.call(alice, "POST", url, { code, publicKey: browser.publicKey });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: "CUSTOMER_SMS_CODE_EXPIRED", field: "code" });
  });

  it("refuses an expired details code", async () => {
    await waitedAMinute(alice.phone, "CARD_DETAILS");
    expect((await c.call(alice, "GET", `/v2/card/${aliceCard}/details/code`)).statusCode).toBe(200);
    const code = await texted(alice.phone, "show your card details");
    await t.database.pool.query(
      `update verification_codes set expires_at = now() - interval '1 second' where phone = $1 and purpose = 'CARD_DETAILS'`,
      [alice.phone],
    );
    const res = await c.call(alice, "POST", `/v2/card/${aliceCard}/details`, {
      code,
      publicKey: browserPair().publicKey,
    });
    expect(res.json()).toMatchObject({ error: "CUSTOMER_SMS_CODE_EXPIRED", field: "code" });
  });
});

describe("soft block", () => {
  it("blocks with the texted code, acts once on a replay, then unblocks", async () => {
    expect((await c.call(bob, "GET", `/v2/card/${bobCard}/soft-unblock/code`)).json()).toMatchObject({
      error: "CARD_NOT_BLOCKED",
    });
    expect((await c.call(bob, "GET", `/v2/card/${bobCard}/soft-block/code`)).statusCode).toBe(200);
    const code = await texted(bob.phone, "block your card");
    const wrong = await c.call(bob, "POST", `/v2/card/${bobCard}/soft-block`, {
      code: code === "0000" ? "1111" : "0000",
    });
    expect(wrong.json()).toMatchObject({ error: "CUSTOMER_SMS_CODE_INCORRECT", field: "code" });
    expect((await listed(bob, bobCard)).status).toBe("ACTIVE");

    // Two racing confirmations with the one code: one blocks, the other is refused (the code
    // spent, 400, or the card already blocked, 409: whichever check it reaches first).
    const both = await Promise.all(
      [1, 2].map(() => c.call(bob, "POST", `/v2/card/${bobCard}/soft-block`, { code })),
    );
    const [first, second] = both.map((r) => r.statusCode).sort();
    expect(first).toBe(200);
    expect([400, 409]).toContain(second);
    expect(await listed(bob, bobCard)).toMatchObject({ status: "SOFT_BLOCKED", displayStatus: "FROZEN" });
    expect((await issuerRow(bobCard))?.softBlocked).toBe(true);
    // One block, one event: the losing confirmation records nothing.
    expect(await recorded(bob, "CARD_FROZEN")).toHaveLength(1);
    const replay = await c.call(bob, "POST", `/v2/card/${bobCard}/soft-block`, { code });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error).toBe("CARD_ALREADY_BLOCKED");

    // The soft-unblock has its own code and its own resend wait.
    expect((await c.call(bob, "GET", `/v2/card/${bobCard}/soft-unblock/code`)).statusCode).toBe(200);
    const unblock = await texted(bob.phone, "unblock your card");
    const res = await c.call(bob, "POST", `/v2/card/${bobCard}/soft-unblock`, { code: unblock });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(bob, bobCard)).toMatchObject({ status: "ACTIVE", displayStatus: "ACTIVE" });
    expect((await issuerRow(bobCard))?.softBlocked).toBe(false);
    expect(await recorded(bob, "CARD_UNFROZEN")).toHaveLength(1);
    // Replaying the unblock (or the old block code) changes nothing more.
    expect(
      (await c.call(bob, "POST", `/v2/card/${bobCard}/soft-unblock`, { code: unblock })).statusCode,
    ).toBe(409);
    const oldBlock = await c.call(bob, "POST", `/v2/card/${bobCard}/soft-block`, { code });
    expect(oldBlock.json()).toMatchObject({ error: "CUSTOMER_SMS_CODE_EXPIRED", field: "code" });
    expect((await listed(bob, bobCard)).status).toBe("ACTIVE");
  });

  it("refuses an expired block code and leaves the card as it was", async () => {
    await waitedAMinute(bob.phone, "CARD_SOFT_BLOCK");
    expect((await c.call(bob, "GET", `/v2/card/${bobCard}/soft-block/code`)).statusCode).toBe(200);
    const code = await texted(bob.phone, "block your card");
    await t.database.pool.query(
      `update verification_codes set expires_at = now() - interval '1 second' where phone = $1 and purpose = 'CARD_SOFT_BLOCK'`,
      [bob.phone],
    );
    const res = await c.call(bob, "POST", `/v2/card/${bobCard}/soft-block`, { code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "CUSTOMER_SMS_CODE_EXPIRED", field: "code" });
    expect((await listed(bob, bobCard)).status).toBe("ACTIVE");
    expect((await issuerRow(bobCard))?.softBlocked).toBe(false);
    const bad = await c.call(bob, "POST", `/v2/card/${bobCard}/soft-block`, { code: "12345" });
    expect(bad.json().field).toBe("code");
  });

  it("refuses a wrong and an expired unblock code and leaves the card frozen", async () => {
    // Bob's phone has had its five codes of the hour by now (the cap is auth's to test): reset it.
    await t.database.pool.query(`delete from rate_limits where key like $1`, [`codes-phone:%${bob.phone}`]);
    await waitedAMinute(bob.phone, "CARD_SOFT_BLOCK");
    expect((await c.call(bob, "GET", `/v2/card/${bobCard}/soft-block/code`)).statusCode).toBe(200);
    const block = await c.call(bob, "POST", `/v2/card/${bobCard}/soft-block`, {
      code: await texted(bob.phone, "block your card"),
    });
    expect(block.statusCode, block.body).toBe(200);
    const stillFrozen = async () => {
      expect((await listed(bob, bobCard)).status).toBe("SOFT_BLOCKED");
      expect((await issuerRow(bobCard))?.softBlocked).toBe(true);
    };

    const url = `/v2/card/${bobCard}/soft-unblock`;
    await waitedAMinute(bob.phone, "CARD_SOFT_UNBLOCK");
    expect((await c.call(bob, "GET", `${url}/code`)).statusCode).toBe(200);
    const code = await texted(bob.phone, "unblock your card");
    const wrong = await c.call(bob, "POST", url, { code: code === "0000" ? "1111" : "0000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "CUSTOMER_SMS_CODE_INCORRECT", field: "code" });
    await stillFrozen();

    await t.database.pool.query(
      `update verification_codes set expires_at = now() - interval '1 second' where phone = $1 and purpose = 'CARD_SOFT_UNBLOCK'`,
      [bob.phone],
    );
    const expired = await c.call(bob, "POST", url, { code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: "CUSTOMER_SMS_CODE_EXPIRED", field: "code" });
    await stillFrozen();

    // A fresh code unfreezes it (the tests after this one want the card working).
    await waitedAMinute(bob.phone, "CARD_SOFT_UNBLOCK");
    expect((await c.call(bob, "GET", `${url}/code`)).statusCode).toBe(200);
    const fresh = await c.call(bob, "POST", url, { code: await texted(bob.phone, "unblock your card") });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await listed(bob, bobCard)).status).toBe("ACTIVE");
  });
});

describe("PIN", () => {
  it("refuses digits in a row or one digit repeated, naming pin, and sets a good one", async () => {
    const url = `/v2/card/${aliceCard}/pin`;
    for (const pin of ["1111", "1234", "4321", "0000", "6789"]) {
      const res = await c.call(alice, "POST", url, await sealedPin(alice, pin));
      expect(res.statusCode, pin).toBe(400);
      expect(res.json()).toMatchObject({ error: "PIN_TOO_SIMPLE", field: "pin" });
      expect(res.json().message).toMatch(/1111.*1234/);
    }
    for (const pin of ["123", "12345", "12a4"]) {
      const res = await c.call(alice, "POST", url, await sealedPin(alice, pin));
      expect(res.json()).toMatchObject({ error: "PIN_NOT_VALID", field: "pin" });
    }
    const { keyId } = await sealedPin(alice, "1357");
    const unreadable = await c.call(alice, "POST", url, {
      keyId,
      pin: Buffer.alloc(64, 1).toString("base64"),
    });
    expect(unreadable.json()).toMatchObject({ field: "pin" });
    const unknownKey = await c.call(alice, "POST", url, {
      ...(await sealedPin(alice, "1357")),
      keyId: "0193a9e0-0000-7000-8000-00000000beef",
    });
    expect(unknownKey.json()).toMatchObject({ field: "keyId" });
    expect((await listed(alice, aliceCard)).pinSet).toBe(false);
    expect(await recorded(alice, "CARD_PIN_SET")).toHaveLength(0);

    const res = await c.call(alice, "POST", url, await sealedPin(alice, "1357"));
    expect(res.statusCode, res.body).toBe(200);
    expect((await listed(alice, aliceCard)).pinSet).toBe(true);
    expect(await recorded(alice, "CARD_PIN_SET")).toHaveLength(1);
    const hash = (await issuerRow(aliceCard))?.pinHash ?? "";
    expect(hash).toMatch(/^scrypt\./);
    expect(hash).not.toContain("1357");
  });
});

describe("label", () => {
  it("names the card, refuses what the free-text rule refuses, and clears", async () => {
    const url = `/v2/card/${aliceCard}/label`;
    expect((await c.call(alice, "POST", url, { label: "  Travel, EUR  " })).statusCode).toBe(200);
    expect((await listed(alice, aliceCard)).label).toBe("Travel, EUR");
    for (const label of ["<script>", "x".repeat(31), "a;b"]) {
      const res = await c.call(alice, "POST", url, { label });
      expect(res.statusCode, label).toBe(400);
      expect(res.json().field).toBe("label");
    }
    expect((await listed(alice, aliceCard)).label).toBe("Travel, EUR");
    expect((await c.call(alice, "POST", url, { label: "" })).statusCode).toBe(200);
    expect((await listed(alice, aliceCard)).label).toBeNull();
  });

  it("names a frozen card, but not a blocked one (409 CARD_NOT_ACTIVE, label unchanged)", async () => {
    const url = `/v2/card/${aliceCard}/label`;
    try {
      await setStatus(aliceCard, "SOFT_BLOCKED");
      expect((await c.call(alice, "POST", url, { label: "Frozen one" })).statusCode).toBe(200);
      for (const status of ["BLOCKED", "HARD_BLOCKED", "INACTIVE"]) {
        await setStatus(aliceCard, status);
        const res = await c.call(alice, "POST", url, { label: "Gone" });
        expect(res.statusCode, status).toBe(409);
        expect(res.json()).toMatchObject({ error: "CARD_NOT_ACTIVE", field: "cardId" });
      }
    } finally {
      await setStatus(aliceCard, "ACTIVE");
    }
    expect((await listed(alice, aliceCard)).label).toBe("Frozen one");
    expect((await c.call(alice, "POST", url, { label: "" })).statusCode).toBe(200);
  });
});

describe("a card not active yet", () => {
  it("has nothing to reveal, block, name or set a PIN on (409)", async () => {
    const { id } = await c.paidOrder(alice, "VIRTUAL", "USDT", "CP_2");
    await c.advance(id);
    const card = (await c.list(alice, "CP_2")).cards.find(
      (k: { cardRequestId: string }) => k.cardRequestId === id,
    );
    expect(card.status).toBe("ACTIVATION");
    const base = `/v2/card/${card.id}`;
    const answers = [
      await c.call(alice, "POST", `${base}/number?cp=CP_2`, { publicKey: browserPair().publicKey }),
      await c.call(alice, "GET", `${base}/soft-block/code?cp=CP_2`),
      await c.call(alice, "POST", `${base}/pin?cp=CP_2`, await sealedPin(alice, "1357")),
      await c.call(alice, "POST", `${base}/label?cp=CP_2`, { label: "Soon" }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe("CARD_NOT_ACTIVE");
    }
  });
});

describe("clear card data", () => {
  // Last in the file, so every call above has written whatever it writes.
  it("keeps the number and CVV out of every table of the database", async () => {
    await waitedAMinute(alice.phone, "CARD_DETAILS");
    expect((await c.call(alice, "GET", `/v2/card/${aliceCard}/details/code`)).statusCode).toBe(200);
    const browser = browserPair();
    const res = await c.call(alice, "POST", `/v2/card/${aliceCard}/details`, {
      code: await texted(alice.phone, "show your card details"),
      publicKey: browser.publicKey,
    });
    expect(res.statusCode, res.body).toBe(200);
    const number = browser.open(res.json().number);
    const cvv = browser.open(res.json().cvv);
    expect(await tablesHoldingClear(number, cvv)).toEqual([]);
  });
});
