import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CurrencyCode } from "@kestrel/money";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error.ts";
import { createEcbSource } from "./ecb-rates.ts";
import { createKrakenSources, type KrakenPair } from "./kraken-rates.ts";
import { createMarketRates, type MaxAge, type RateLookup } from "./market-rates.ts";
import type { RateSource } from "./rate-source.ts";
import { RATE_ONE } from "./rates-provider.ts";

// A local HTTP server plays the ECB and several Kraken-format feeds, answering the documented
// formats (fixtures/: copied from the vendors' published examples) or whatever a test sets.

const ECB_XML = readFileSync(
  new URL("./fixtures/ecb-eurofxref-daily-2022-07-08.xml", import.meta.url),
  "utf8",
);
const KRAKEN_JSON = readFileSync(new URL("./fixtures/kraken-ticker-xbtusd.json", import.meta.url), "utf8");
const ECB_DAY = new Date("2022-07-08T12:15:00Z");

type Answer = { status?: number; body: string; delayMs?: number };
/** What each path answers; a path not set answers 404. */
let answers: Map<string, Answer>;
const asked: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    const answer = answers.get(req.url ?? "") ?? { status: 404, body: "not found" };
    const timer = setTimeout(() => res.writeHead(answer.status ?? 200).end(answer.body), answer.delayMs ?? 0);
    res.on("close", () => clearTimeout(timer));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  answers = new Map();
  asked.length = 0;
});

const XBTUSD: KrakenPair[] = [{ pair: "XBTUSD", base: "BTC", quote: "USD" }];
const ECB_PATH = "/ecb/stats/eurofxref/eurofxref-daily.xml";
const tickerPath = (feed: string) => `/${feed}/0/public/Ticker?pair=XBTUSD`;
/** Kraken's documented answer with another last trade price. */
function tickerWith(lastTrade: unknown): string {
  const answer = JSON.parse(KRAKEN_JSON);
  answer.result.XXBTZUSD.c = lastTrade;
  return JSON.stringify(answer);
}
const tickerAt = (price: string) => tickerWith([price, "0.00067643"]);

function feeds(setup: { sources: RateSource[]; now: Date; maxAge?: Partial<MaxAge>; timeoutMs?: number }) {
  const warnings: string[] = [];
  let now = setup.now;
  const market = createMarketRates({
    sources: setup.sources,
    log: { warn: (m) => warnings.push(m) },
    now: () => now,
    ...(setup.maxAge ? { maxAge: setup.maxAge } : {}),
    ...(setup.timeoutMs ? { timeoutMs: setup.timeoutMs } : {}),
  });
  return { market, warnings, setNow: (at: Date) => (now = at) };
}
const ecb = () => createEcbSource({ baseUrl: `${base}/ecb` });
const kraken = (feed: string, now: () => Date = () => ECB_DAY) =>
  createKrakenSources({ baseUrl: `${base}/${feed}`, pairs: XBTUSD, now, source: feed });

/** A decimal string as RATE_SCALE units, for exact expectations. */
const scaled = (text: string) =>
  BigInt(text.replace(".", "")) * 10n ** BigInt(18 - (text.split(".")[1]?.length ?? 0));
const freshValue = (found: RateLookup) => (found.status === "fresh" ? found.rate.rate.value : found.status);

describe("ECB daily reference rates", () => {
  it("reads one EUR in each known currency, exactly, as of the file's date, source ECB", async () => {
    answers.set(ECB_PATH, { body: ECB_XML });
    const { market, warnings } = feeds({ sources: [ecb()], now: new Date("2022-07-08T16:00:00Z") });
    expect(await market.refresh()).toEqual({ failed: [] });
    expect(warnings).toEqual([]);
    expect(market.lookup("EUR", "USD")).toEqual({
      status: "fresh",
      rate: { base: "EUR", quote: "USD", rate: { value: scaled("1.0163") }, at: ECB_DAY, sources: ["ECB"] },
    });
    expect(freshValue(market.lookup("EUR", "GBP"))).toBe(scaled("0.84585"));
    expect(freshValue(market.lookup("EUR", "KRW"))).toBe(scaled("1321.61"));
    // A cross rate is rate(B) / rate(A): GBP in USD is 1.0163 / 0.84585.
    expect(freshValue(market.lookup("GBP", "USD"))).toBe((scaled("1.0163") * RATE_ONE) / scaled("0.84585"));
    // A currency the file does not list has no rate, never zero.
    expect(market.lookup("EUR", "BTC")).toEqual({ status: "missing" });
  });

  it("leaves out a file that is not XML, or that has a garbage rate, and says why", async () => {
    for (const [body, reason] of [
      ["<gesmes:Envelope><Cube>", "ECB: not XML"],
      [ECB_XML.replace("rate='1.0163'", "rate='-1.0163'"), 'ECB USD: "-1.0163" is not a decimal number'],
      [ECB_XML.replace("rate='0.84585'", "rate='0'"), "ECB GBP: 0 is not positive"],
      [ECB_XML.replace("rate='138.05'", "rate='Infinity'"), 'ECB JPY: "Infinity" is not a decimal number'],
      [ECB_XML.replace("time='2022-07-08'", "time='yesterday'"), 'ECB: "yesterday" is not a date'],
    ] as const) {
      answers.set(ECB_PATH, { body });
      const { market, warnings } = feeds({ sources: [ecb()], now: new Date("2022-07-08T16:00:00Z") });
      const { failed } = await market.refresh();
      expect(failed).toEqual([{ source: "ECB", reason: expect.stringContaining(reason) }]);
      expect(warnings).toEqual([expect.stringContaining(`rates: ECB left out: ${reason}`)]);
      expect(market.lookup("EUR", "USD")).toEqual({ status: "missing" });
    }
  });

  it("reports a rate older than 36 h stale, and refuses a quote on it; the limit is configurable", async () => {
    answers.set(ECB_PATH, { body: ECB_XML });
    const { market, setNow } = feeds({ sources: [ecb()], now: new Date("2022-07-09T23:00:00Z") });
    await market.refresh();
    expect(market.lookup("EUR", "USD").status).toBe("fresh");
    // 36 h after 12:15 UTC on the file's date, and one second past it (a weekend, a missed publication).
    setNow(new Date("2022-07-10T00:15:00Z"));
    expect(market.lookup("EUR", "USD").status).toBe("fresh");
    setNow(new Date("2022-07-10T00:15:01Z"));
    const stale = market.lookup("EUR", "USD");
    expect(stale).toMatchObject({ status: "stale", rate: { at: ECB_DAY, sources: ["ECB"] } });
    expect(stale.status === "stale" && stale.reason).toBe(
      "EUR/USD from ECB is 129601 s old (limit 129600 s)",
    );
    expect(() => market.provider.midRate("EUR", "USD")).toThrow(
      expect.objectContaining({
        code: "RATE_STALE",
        status: 503,
        data: { pair: "EUR/USD", reason: expect.any(String) },
      }),
    );

    const lenient = feeds({
      sources: [ecb()],
      now: new Date("2022-07-11T10:00:00Z"),
      maxAge: { fiatMs: 72 * 3_600_000 },
    });
    await lenient.market.refresh();
    expect(lenient.market.lookup("EUR", "USD").status).toBe("fresh");
  });
});

describe("Kraken public Ticker", () => {
  it("reads the last trade of the single result, whatever its canonical name, at the time it arrived", async () => {
    answers.set(tickerPath("kraken"), { body: KRAKEN_JSON });
    const arrived = new Date("2026-01-02T03:04:05Z");
    const { market } = feeds({ sources: kraken("kraken", () => arrived), now: arrived });
    await market.refresh();
    expect(asked).toEqual([tickerPath("kraken")]);
    expect(market.lookup("BTC", "USD")).toEqual({
      status: "fresh",
      rate: {
        base: "BTC",
        quote: "USD",
        rate: { value: scaled("30303.2") },
        at: arrived,
        sources: ["kraken"],
      },
    });
    expect(freshValue(market.lookup("USD", "BTC"))).toBe((RATE_ONE * RATE_ONE) / scaled("30303.2"));
  });

  it("leaves out garbage, an error array, a bad price and a 5xx, each with its reason", async () => {
    const cases: [Answer, string][] = [
      [{ body: "<html>busy</html>" }, "kraken XBTUSD: not JSON"],
      [{ body: '{"error":["EQuery:Unknown asset pair"]}' }, "kraken XBTUSD: EQuery:Unknown asset pair"],
      [{ body: '{"result":{}}' }, "kraken XBTUSD: no error array"],
      [{ body: '{"error":[],"result":{}}' }, "kraken XBTUSD: 0 results, expected 1"],
      [
        { body: tickerWith(["1", "1"]).replace('"result":{', '"result":{"XETHZUSD":{"c":["2","1"]},') },
        "kraken XBTUSD: 2 results, expected 1",
      ],
      [{ body: tickerAt("0.00000") }, "kraken XBTUSD: 0.00000 is not positive"],
      [{ body: tickerAt("-30303.2") }, 'kraken XBTUSD: "-30303.2" is not a decimal number'],
      [{ body: tickerAt("NaN") }, 'kraken XBTUSD: "NaN" is not a decimal number'],
      [{ body: tickerAt("3e4") }, 'kraken XBTUSD: "3e4" is not a decimal number'],
      [{ body: tickerWith(30303.2) }, "kraken XBTUSD: undefined is"],
      [{ status: 502, body: "Bad Gateway" }, "HTTP 502 from 127.0.0.1"],
      [{ status: 503, body: KRAKEN_JSON }, "HTTP 503 from 127.0.0.1"],
    ];
    for (const [answer, reason] of cases) {
      answers.set(tickerPath("kraken"), answer);
      const { market, warnings } = feeds({ sources: kraken("kraken"), now: ECB_DAY });
      expect((await market.refresh()).failed).toEqual([
        { source: "kraken XBTUSD", reason: expect.stringContaining(reason) },
      ]);
      expect(warnings).toEqual([expect.stringContaining(`rates: kraken XBTUSD left out: ${reason}`)]);
      expect(market.lookup("BTC", "USD")).toEqual({ status: "missing" });
      expect(() => market.provider.midRate("BTC", "USD")).toThrow(
        expect.objectContaining({ code: "RATE_UNAVAILABLE" }),
      );
    }
  });

  it("gives up on a slow answer after the timeout", async () => {
    answers.set(tickerPath("kraken"), { body: KRAKEN_JSON, delayMs: 2_000 });
    const { market, warnings } = feeds({ sources: kraken("kraken"), now: ECB_DAY, timeoutMs: 150 });
    const started = Date.now();
    expect((await market.refresh()).failed).toEqual([
      { source: "kraken XBTUSD", reason: "no answer within 150 ms" },
    ]);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(warnings).toEqual(["rates: kraken XBTUSD left out: no answer within 150 ms"]);
    expect(market.lookup("BTC", "USD")).toEqual({ status: "missing" });
  });

  it("reports a rate older than 60 s stale; the last good answer survives a failure only until then", async () => {
    answers.set(tickerPath("kraken"), { body: KRAKEN_JSON });
    let clock = ECB_DAY;
    const { market, setNow } = feeds({ sources: kraken("kraken", () => clock), now: clock });
    await market.refresh();
    answers.set(tickerPath("kraken"), { status: 500, body: "" });
    clock = new Date(ECB_DAY.getTime() + 30_000);
    setNow(clock);
    expect((await market.refresh()).failed).toHaveLength(1);
    expect(market.lookup("BTC", "USD")).toMatchObject({ status: "fresh", rate: { at: ECB_DAY } });
    setNow(new Date(ECB_DAY.getTime() + 60_001));
    expect(market.lookup("BTC", "USD")).toMatchObject({
      status: "stale",
      reason: "BTC/USD from kraken is 61 s old (limit 60 s)",
    });
    expect(() => market.provider.midRate("BTC", "USD")).toThrow(AppError);

    const lenient = feeds({
      sources: kraken("kraken"),
      now: new Date(ECB_DAY.getTime() + 90_000),
      maxAge: { cryptoMs: 120_000 },
    });
    answers.set(tickerPath("kraken"), { body: KRAKEN_JSON });
    await lenient.market.refresh();
    expect(lenient.market.lookup("BTC", "USD").status).toBe("fresh");
  });
});

describe("several sources", () => {
  it("prices a pair several feeds answer at the median, naming every source", async () => {
    answers.set(tickerPath("a"), { body: tickerAt("30100.5") });
    answers.set(tickerPath("b"), { body: tickerAt("30900.0") });
    answers.set(tickerPath("c"), { body: tickerAt("30555.0") });
    const { market } = feeds({ sources: ["a", "b", "c"].flatMap((f) => kraken(f)), now: ECB_DAY });
    await market.refresh();
    expect(market.lookup("BTC", "USD")).toEqual({
      status: "fresh",
      rate: {
        base: "BTC",
        quote: "USD",
        rate: { value: scaled("30555.0") },
        at: ECB_DAY,
        sources: ["a", "b", "c"],
      },
    });
  });

  it("takes the median of the sources that answered well: garbage and errors never count", async () => {
    answers.set(tickerPath("a"), { body: tickerAt("30100.5") });
    answers.set(tickerPath("b"), { body: tickerAt("0") });
    answers.set(tickerPath("c"), { body: tickerAt("30300.5") });
    answers.set(tickerPath("d"), { status: 500, body: tickerAt("1") });
    const { market } = feeds({ sources: ["a", "b", "c", "d"].flatMap((f) => kraken(f)), now: ECB_DAY });
    expect((await market.refresh()).failed.map((f) => f.source)).toEqual(["b XBTUSD", "d XBTUSD"]);
    // Two left: their mean.
    expect(market.lookup("BTC", "USD")).toMatchObject({
      status: "fresh",
      rate: { rate: { value: scaled("30200.5") }, sources: ["a", "c"] },
    });
  });

  it("leaves a stale source out of the median while a fresh one prices the pair", async () => {
    answers.set(tickerPath("a"), { body: tickerAt("30000") });
    answers.set(tickerPath("b"), { body: tickerAt("31000") });
    let clock = ECB_DAY;
    const { market, setNow } = feeds({
      sources: [...kraken("a", () => clock), ...kraken("b", () => clock)],
      now: clock,
    });
    await market.refresh();
    answers.set(tickerPath("a"), { status: 500, body: "" });
    clock = new Date(ECB_DAY.getTime() + 45_000);
    setNow(clock);
    await market.refresh();
    setNow(new Date(ECB_DAY.getTime() + 70_000));
    expect(market.lookup("BTC", "USD")).toMatchObject({
      status: "fresh",
      rate: { rate: { value: scaled("31000") }, at: clock, sources: ["b"] },
    });
  });

  it("meets two sources quoting one pair in opposite directions", async () => {
    answers.set(ECB_PATH, { body: ECB_XML });
    answers.set("/kraken/0/public/Ticker?pair=USDEUR", { body: tickerAt("0.99") });
    const usdEur: KrakenPair[] = [{ pair: "USDEUR", base: "USD", quote: "EUR" }];
    const sources = [
      ecb(),
      ...createKrakenSources({ baseUrl: `${base}/kraken`, pairs: usdEur, now: () => ECB_DAY }),
    ];
    const { market } = feeds({ sources, now: ECB_DAY });
    await market.refresh();
    // EUR/USD: the ECB's 1.0163 and 1 / 0.99 from Kraken; two rates, their mean.
    const inverse = (RATE_ONE * RATE_ONE) / scaled("0.99");
    expect(market.lookup("EUR", "USD")).toMatchObject({
      status: "fresh",
      rate: { rate: { value: (scaled("1.0163") + inverse) / 2n }, sources: ["ECB", "Kraken"] },
    });
  });

  it("crosses crypto and fiat through the fewest legs, each leg judged by its own limit", async () => {
    answers.set(ECB_PATH, { body: ECB_XML });
    answers.set(tickerPath("kraken"), { body: KRAKEN_JSON });
    const later = new Date("2022-07-09T10:00:00Z");
    const { market } = feeds({ sources: [ecb(), ...kraken("kraken", () => later)], now: later });
    await market.refresh();
    const btcGbp = market.lookup("BTC", "GBP" as CurrencyCode);
    // BTC/USD (Kraken), USD/EUR, EUR/GBP (ECB): the ECB legs are 22 h old, fresh for fiat.
    // Rounded once: 30303.2 / 1.0163 * 0.84585.
    const expected = (scaled("30303.2") * scaled("0.84585")) / scaled("1.0163");
    expect(btcGbp).toEqual({
      status: "fresh",
      rate: {
        base: "BTC",
        quote: "GBP",
        rate: { value: expected },
        at: ECB_DAY,
        sources: ["kraken", "ECB"],
      },
    });
  });
});
