import { isCurrencyCode } from "@kestrel/money";
import { XMLParser } from "fast-xml-parser";
import { getText, parseRate, type RateSource, SourceError, type SourceRate } from "./rate-source.ts";

const ECB_BASE_URL = "https://www.ecb.europa.eu";
const DAILY_PATH = "/stats/eurofxref/eurofxref-daily.xml";

// Local names only: the feed's elements live in the eurofxref namespace, the envelope in gesmes.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  parseAttributeValue: false,
  isArray: (name) => name === "Cube",
});

type Cube = { time?: string; currency?: string; rate?: string; Cube?: Cube[] };

/**
 * The ECB's euro reference rates (docs/going-live.md "Market rates"): one EUR in each listed
 * currency, as of the file's date. Currencies Kestrel does not know are skipped (the list changes
 * over time); one unreadable rate of a known currency makes the whole file garbage.
 */
export function createEcbSource(options: { baseUrl?: string } = {}): RateSource {
  const url = `${(options.baseUrl ?? ECB_BASE_URL).replace(/\/$/, "")}${DAILY_PATH}`;
  return {
    name: "ECB",
    async fetchRates(signal) {
      return parseEcbDaily(await getText(url, signal));
    },
  };
}

function parseEcbDaily(xml: string): SourceRate[] {
  let doc: { Envelope?: { Cube?: Cube[] } };
  try {
    doc = parser.parse(xml, true);
  } catch (err) {
    throw new SourceError(`ECB: not XML (${(err as Error).message})`);
  }
  const day = doc.Envelope?.Cube?.[0]?.Cube?.[0];
  const at = ecbAsOf(day?.time);
  const rates: SourceRate[] = [];
  for (const cube of day?.Cube ?? []) {
    if (!isCurrencyCode(cube.currency) || cube.currency === "EUR") continue;
    const rate = parseRate(cube.rate, `ECB ${cube.currency}`);
    rates.push({ base: "EUR", quote: cube.currency, rate, at, source: "ECB" });
  }
  if (rates.length === 0) throw new SourceError("ECB: no rate of a known currency in the file");
  return rates;
}

/**
 * The moment the file's rates stand for: the central banks' concertation at 14:15 Frankfurt time
 * on the file's date. Taken as 12:15 UTC (14:15 in summer time): in winter that is an hour before
 * the real moment, so a rate is judged stale early, never late.
 */
function ecbAsOf(time: unknown): Date {
  const match = typeof time === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(time) : null;
  const at = match ? new Date(`${time}T12:15:00Z`) : undefined;
  if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== time) {
    throw new SourceError(`ECB: ${JSON.stringify(time)} is not a date`);
  }
  return at;
}
