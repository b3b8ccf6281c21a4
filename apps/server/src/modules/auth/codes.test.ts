import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../db/test-database.ts";
import { clientSourceFromPool } from "../../db/transaction.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { type Limit, type RateLimitService, rateLimitErrors } from "../ratelimit/index.ts";
import { createAuthRepository } from "./auth.repository.ts";
import { newPhone } from "./auth.test-helpers.ts";
import { type CodePurpose, createCodes } from "./codes.ts";

/** Every purpose a code is texted for (each has its own 60-second wait). */
const PURPOSES: CodePurpose[] = [
  "SIGNUP",
  "NEW_DEVICE",
  "PASSWORD_RESET",
  "SEND_CONFIRMATION",
  "IBAN_WITHDRAWAL",
  "CARD_DETAILS",
  "CARD_SOFT_BLOCK",
  "CARD_SOFT_UNBLOCK",
];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/**
 * The rate limits as counts in memory, one window (each test stays within its hour): enough to see
 * under which key a code is counted and that a lost race gives its place back. The counting SQL
 * and its concurrency are the ratelimit module's, tested through the HTTP tests of sign-up.
 */
function countingLimits(): RateLimitService {
  const counts = new Map<string, number>();
  const take = (limit: Limit, subject: string) => {
    const key = `${limit.name}:${subject}`;
    const n = counts.get(key) ?? 0;
    if (n >= limit.max)
      throw rateLimitErrors.create("TOO_MANY_REQUESTS", { headers: { "retry-after": "1" } });
    counts.set(key, n + 1);
    return key;
  };
  return {
    async claim(limit, subject) {
      const key = take(limit, subject);
      return { giveBack: async () => void counts.set(key, (counts.get(key) ?? 1) - 1) };
    },
    async forget(limit, subject) {
      counts.delete(`${limit.name}:${subject}`);
    },
    async consume(limit, subject) {
      take(limit, subject);
    },
    purgeEnded: async () => 0,
  };
}

/** Codes on a clock the test moves, texting into a list. Each test starts at the top of an hour. */
function codesAt(startIso: string) {
  let at = new Date(startIso);
  const now = () => at;
  const texted: { phone: string; body: string }[] = [];
  const codes = createCodes({
    repository: createAuthRepository({ db: clientSourceFromPool(database.pool) }),
    sms: { send: async (m) => void texted.push(m) },
    limits: countingLimits(),
    secret: "test-secret",
    now,
  });
  const send = (phone: string, purpose: CodePurpose) =>
    codes.send({ merchantId: DEMO_MERCHANT_ID, merchantTitle: "Demo", phone, purpose, ip: "192.0.2.1" });
  const later = (seconds: number) => {
    at = new Date(at.getTime() + seconds * 1000);
  };
  return { send, texted, later };
}

/** What a send answered: "sent", or the refusal's code and Retry-After. */
const outcome = (p: Promise<void>) =>
  p.then(
    () => "sent",
    (e: { code?: string; headers?: Record<string, string> }) => `${e.code} ${e.headers?.["retry-after"]}`,
  );

describe("one resend wait per purpose", () => {
  it("an IBAN withdrawal code sent 40 s ago does not hold back a password reset (the reported case)", async () => {
    const c = codesAt("2031-01-01T10:00:00Z");
    const phone = newPhone();
    await c.send(phone, "IBAN_WITHDRAWAL");
    c.later(40);
    expect(await outcome(c.send(phone, "PASSWORD_RESET"))).toBe("sent");
    // Nor does it hold back a send's code: the two were one purpose once.
    expect(await outcome(c.send(phone, "SEND_CONFIRMATION"))).toBe("sent");
    expect(await outcome(c.send(phone, "IBAN_WITHDRAWAL"))).toBe("SMS_CODE_DELAY_NOT_REACHED 20");
  });

  it("texts a code for every purpose within one minute, and holds each purpose 60 s", async () => {
    const c = codesAt("2031-01-01T11:00:00Z");
    const phone = newPhone();
    for (const purpose of PURPOSES) {
      expect(await outcome(c.send(phone, purpose)), purpose).toBe("sent");
      c.later(5);
    }
    c.later(59 - 5 * PURPOSES.length);
    // 59 s after the first: the first purpose still waits, its last second.
    expect(await outcome(c.send(phone, "SIGNUP"))).toBe("SMS_CODE_DELAY_NOT_REACHED 1");
    c.later(1);
    expect(await outcome(c.send(phone, "SIGNUP"))).toBe("sent");
  });

  it("at once: of two requests of a purpose one is texted, and every purpose gets its own", async () => {
    const c = codesAt("2031-01-01T12:00:00Z");
    const phone = newPhone();
    const answers = await Promise.all(
      PURPOSES.flatMap((p) => [outcome(c.send(phone, p)), outcome(c.send(phone, p))]),
    );
    for (const [i, purpose] of PURPOSES.entries()) {
      expect(answers.slice(2 * i, 2 * i + 2).sort(), purpose).toEqual([
        "SMS_CODE_DELAY_NOT_REACHED 60",
        "sent",
      ]);
    }
    expect(c.texted.filter((m) => m.phone === phone)).toHaveLength(PURPOSES.length);
  });

  it("counts five codes an hour per purpose; a request that lost a race costs none", async () => {
    const c = codesAt("2031-01-01T13:00:00Z");
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      const both = await Promise.all([
        outcome(c.send(phone, "PASSWORD_RESET")),
        outcome(c.send(phone, "PASSWORD_RESET")),
      ]);
      expect(both.filter((a) => a === "sent")).toHaveLength(1);
      c.later(60);
    }
    expect(await outcome(c.send(phone, "PASSWORD_RESET"))).toMatch(/^TOO_MANY_REQUESTS/);
    expect(await outcome(c.send(phone, "NEW_DEVICE"))).toBe("sent");
  });
});
