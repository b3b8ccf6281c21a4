import { type CurrencyCode, getCurrency } from "@kestrel/money";
import { marketRatesErrors } from "./market-rates.errors.ts";
import { type RateSource, SourceError, type SourceRate } from "./rate-source.ts";
import { type MidRate, RATE_ONE, type Rate, type RatesProvider } from "./rates-provider.ts";

/** How old a rate may be and still price a quote: crypto moves in seconds, ECB fiat once a day. */
export type MaxAge = { cryptoMs: number; fiatMs: number };
const DEFAULT_MAX_AGE: MaxAge = { cryptoMs: 60_000, fiatMs: 36 * 3_600_000 };
const DEFAULT_TIMEOUT_MS = 5_000;

/** A combined rate: `at` is its oldest leg's time, `sources` every source that priced a leg. */
export type MarketRate = MidRate & { sources: readonly string[] };

export type RateLookup =
  | { status: "fresh"; rate: MarketRate }
  | { status: "stale"; rate: MarketRate; reason: string }
  | { status: "missing" };

type Edge = { from: CurrencyCode; to: CurrencyCode; rate: Rate; at: Date; sources: string[]; stale?: string };

/**
 * Market rates from several sources (docs/going-live.md "Market rates"). `refresh()` asks every
 * source at once; one that fails (garbage, an error answer, a 5xx, no answer in `timeoutMs`) is
 * left out with its reason logged and keeps its last good answer, which then ages out. A pair
 * several sources price directly gets the median of their fresh rates; any other pair is crossed
 * through the fewest legs (BTC/GBP: BTC/USD, EUR/USD, EUR/GBP). A leg older than its limit
 * (fiat/fiat: `maxAge.fiatMs`, any crypto: `maxAge.cryptoMs`) makes the pair stale.
 */
export function createMarketRates(options: {
  sources: readonly RateSource[];
  log: { warn(message: string): void };
  maxAge?: Partial<MaxAge>;
  timeoutMs?: number;
  now?: () => Date;
}) {
  const maxAge: MaxAge = { ...DEFAULT_MAX_AGE, ...options.maxAge };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const answers = new Map<string, SourceRate[]>();

  async function refresh(): Promise<{ failed: { source: string; reason: string }[] }> {
    const failed: { source: string; reason: string }[] = [];
    await Promise.all(
      options.sources.map(async (source) => {
        try {
          answers.set(source.name, await source.fetchRates(AbortSignal.timeout(timeoutMs)));
        } catch (err) {
          const reason = reasonOf(err, timeoutMs);
          failed.push({ source: source.name, reason });
          options.log.warn(`rates: ${source.name} left out: ${reason}`);
        }
      }),
    );
    return { failed };
  }

  function lookup(base: CurrencyCode, quote: CurrencyCode, at: Date = now()): RateLookup {
    if (base === quote)
      return { status: "fresh", rate: { base, quote, rate: { value: RATE_ONE }, at, sources: [] } };
    const edges = directEdges([...answers.values()].flat(), at, maxAge);
    const fresh = route(
      edges.filter((e) => !e.stale),
      base,
      quote,
    );
    if (fresh) return { status: "fresh", rate: combine(base, quote, fresh) };
    const any = route(edges, base, quote);
    if (!any) return { status: "missing" };
    const reason = any.flatMap((l) => (l.edge.stale ? [l.edge.stale] : [])).join("; ");
    return { status: "stale", rate: combine(base, quote, any), reason };
  }

  /** The RatesProvider view: a stale or missing pair throws, so a quote on it is refused. */
  const provider: RatesProvider = {
    midRate(base, quote, at) {
      const found = lookup(base, quote, at);
      if (found.status === "fresh") return found.rate;
      const pair = `${base}/${quote}`;
      if (found.status === "stale") {
        throw marketRatesErrors.create("RATE_STALE", { data: { pair, reason: found.reason } });
      }
      throw marketRatesErrors.create("RATE_UNAVAILABLE", { data: { pair } });
    },
  };

  return { refresh, lookup, provider };
}

/** Per pair of currencies, one edge: the median of its fresh rates, else its newest (stale) rate. */
function directEdges(rates: readonly SourceRate[], at: Date, maxAge: MaxAge): Edge[] {
  const byPair = new Map<string, Edge[]>();
  for (const r of rates) {
    const key = [r.base, r.quote].sort().join("/");
    const quotes = byPair.get(key) ?? [];
    // The pair's first quote sets its direction; only a source quoting it the other way is inverted.
    const edge = quotes[0] && quotes[0].from !== r.base ? invert(toEdge(r)) : toEdge(r);
    byPair.set(key, [...quotes, edge]);
  }
  return [...byPair.values()].map((quotes) => {
    const first = quotes[0] as Edge;
    const limit = isFiat(first.from) && isFiat(first.to) ? maxAge.fiatMs : maxAge.cryptoMs;
    const fresh = quotes.filter((q) => at.getTime() - q.at.getTime() <= limit);
    if (fresh.length > 0) {
      return {
        from: first.from,
        to: first.to,
        rate: { value: median(fresh.map((q) => q.rate.value)) },
        at: oldest(fresh),
        sources: [...new Set(fresh.flatMap((q) => q.sources))],
      };
    }
    const newest = quotes.reduce((a, b) => (b.at > a.at ? b : a));
    const age = Math.ceil((at.getTime() - newest.at.getTime()) / 1000);
    const pair = `${newest.from}/${newest.to}`;
    return {
      ...newest,
      stale: `${pair} from ${newest.sources.join(", ")} is ${age} s old (limit ${limit / 1000} s)`,
    };
  });
}

/** An edge walked forward (1 `from` is `rate` `to`) or backward. */
type Leg = { edge: Edge; backward: boolean };

/** The fewest legs from `base` to `quote` (breadth first). */
function route(edges: readonly Edge[], base: CurrencyCode, quote: CurrencyCode): Leg[] | undefined {
  const paths = new Map<CurrencyCode, Leg[]>([[base, []]]);
  let frontier: CurrencyCode[] = [base];
  while (frontier.length > 0) {
    const next: CurrencyCode[] = [];
    for (const code of frontier) {
      for (const edge of edges) {
        const backward = edge.to === code;
        if (edge.from !== code && !backward) continue;
        const to = backward ? edge.from : edge.to;
        if (paths.has(to)) continue;
        paths.set(to, [...(paths.get(code) ?? []), { edge, backward }]);
        if (to === quote) return paths.get(quote);
        next.push(to);
      }
    }
    frontier = next;
  }
  return undefined;
}

function combine(base: CurrencyCode, quote: CurrencyCode, legs: readonly Leg[]): MarketRate {
  // The product of the legs as one fraction, rounded once at the end (toward zero).
  let num = RATE_ONE;
  let den = 1n;
  for (const { edge, backward } of legs) {
    num *= backward ? RATE_ONE : edge.rate.value;
    den *= backward ? edge.rate.value : RATE_ONE;
  }
  const edges = legs.map((l) => l.edge);
  return {
    base,
    quote,
    rate: { value: num / den },
    at: oldest(edges),
    sources: [...new Set(edges.flatMap((e) => e.sources))],
  };
}

function toEdge(r: SourceRate): Edge {
  return { from: r.base, to: r.quote, rate: r.rate, at: r.at, sources: [r.source] };
}

function invert(e: Edge): Edge {
  return { ...e, from: e.to, to: e.from, rate: { value: (RATE_ONE * RATE_ONE) / e.rate.value } };
}

function median(values: readonly bigint[]): bigint {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as bigint)
    : ((sorted[mid - 1] as bigint) + (sorted[mid] as bigint)) / 2n;
}

function oldest(items: readonly { at: Date }[]): Date {
  return new Date(Math.min(...items.map((i) => i.at.getTime())));
}

function isFiat(code: CurrencyCode): boolean {
  return getCurrency(code)?.kind === "fiat";
}

function reasonOf(err: unknown, timeoutMs: number): string {
  if (err instanceof SourceError) return err.message;
  if (err instanceof Error && err.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : "";
  return `cannot be reached${cause}`;
}
