import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Writes the currency and network icons the customer app shows into apps/web/src/assets/icons,
 * from maintained icon sets on npm: @web3icons/core (tokens and networks, shipped as JS strings)
 * and country-flag-icons (fiat, by the currency's country). Only these files reach the bundle,
 * as same-origin assets: nothing is fetched from a CDN. Run it again after adding a currency.
 *
 *   node scripts/web-icons.ts
 */
const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "apps/web/src/assets/icons");
const require = createRequire(path.join(root, "package.json"));

const TOKENS = ["BTC", "ETH", "USDT", "USDC", "DAI", "LTC", "TRX", "SOL", "DOGE"];
/** The app's network codes and web3icons' names for them. */
const NETWORKS: Record<string, string> = {
  BTC: "bitcoin",
  ERC20: "ethereum",
  LTC: "litecoin",
  TRC20: "tron",
  SOL: "solana",
  DOGE: "dogechain",
};
/** Fiat currencies and the flag each is drawn with (the euro: the EU's). */
const FLAGS: Record<string, string> = { USD: "US", EUR: "EU", GBP: "GB", AUD: "AU", KRW: "KR", JPY: "JP" };

/** The SVG text of one of web3icons' modules (`var X = '<svg…>'; export { X as default }`). */
async function web3icon(kind: "tokens" | "networks", name: string): Promise<string> {
  const file = require.resolve(`@web3icons/core/svgs/${kind}/branded/${name}.svg.js`);
  const module = (await import(file)) as { default: string };
  return module.default;
}

function flag(country: string): string {
  const file = path.join(
    path.dirname(require.resolve("country-flag-icons/package.json")),
    "3x2",
    `${country}.svg`,
  );
  return readFileSync(file, "utf8");
}

rmSync(out, { recursive: true, force: true });
for (const folder of ["currencies", "networks"]) mkdirSync(path.join(out, folder), { recursive: true });
for (const code of TOKENS)
  writeFileSync(path.join(out, "currencies", `${code}.svg`), await web3icon("tokens", code));
for (const [code, name] of Object.entries(NETWORKS)) {
  writeFileSync(path.join(out, "networks", `${code}.svg`), await web3icon("networks", name));
}
for (const [code, country] of Object.entries(FLAGS)) {
  writeFileSync(path.join(out, "currencies", `${code}.svg`), flag(country));
}
console.log(`icons written to ${path.relative(root, out)}`);
