import { CURRENCIES, currencyCodes } from "@kestrel/money";
import type { Page } from "playwright-core";

// The checks of issue 47's walk (walk.e2e.ts): what a person would see as broken on any page.
// Each answers a list of findings, empty when the page is right, so one walk reports them all.

/** Images on the page whose box is more than 2 % off their artwork's aspect ratio. */
export function distortedImages(page: Page) {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.complete && image.naturalWidth > 0 && image.getClientRects().length > 0)
      .map((image) => {
        const box = image.getBoundingClientRect();
        const own = image.naturalWidth / image.naturalHeight;
        return {
          src: image.src,
          drawn: `${box.width}x${box.height}`,
          off: Math.abs(box.width / box.height / own - 1),
        };
      })
      .filter((image) => image.off > 0.02)
      .map((image) => `image ${image.src} drawn at ${image.drawn}, ${(image.off * 100).toFixed(1)} % off`),
  );
}

/** How many CSS pixels the page is wider than its viewport, and the innermost elements that stick out. */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const extra = document.documentElement.scrollWidth - width;
    if (extra <= 0) return [];
    const sticksOut = (e: Element) => e.getBoundingClientRect().right > width + 0.5;
    const culprits = Array.from(document.body.querySelectorAll("*"))
      .filter((e) => sticksOut(e) && !Array.from(e.children).some(sticksOut))
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} (${e.textContent?.slice(0, 30)})`);
    return [`the page is ${extra} px wider than the screen: ${culprits.join("; ")}`];
  });
}

/**
 * Content that runs into its card's right padding or past it (history's rows on home sat past a
 * phone's card): the outermost such element of each card, at any depth, unless a box between
 * them scrolls or clips it (a sideways banner strip).
 */
export const overflowingCards = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>(".k-surface")).flatMap((card) => {
      const edge =
        card.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(card).paddingRight);
      const clipped = (element: Element) => {
        for (let box = element.parentElement; box && box !== card; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== "visible") return true;
        }
        return false;
      };
      const past = (element: Element) =>
        element.getClientRects().length > 0 &&
        element.getBoundingClientRect().right > edge + 0.5 &&
        !clipped(element);
      return Array.from(card.querySelectorAll("*"))
        .filter((e) => past(e) && !(e.parentElement !== card && e.parentElement && past(e.parentElement)))
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${e.className} ends ${Math.round(e.getBoundingClientRect().right - edge)} px past its card's padding`,
        );
    }),
  );

/** The pattern of a raw code: ACTIVE_CARD, KYC_2, PAYIN_CRYPTO. */
const RAW_CODE = /\b[A-Z]{2,}(_[A-Z0-9]+)+\b/g;

const CODES = currencyCodes.join("|");
const SYMBOLS = currencyCodes
  .map((code) => CURRENCIES[code].symbol)
  .filter((symbol): symbol is string => symbol !== null)
  // "$AU" before "$", so the longer symbol is the one matched.
  .sort((a, b) => b.length - a.length)
  .map((symbol) => symbol.replace(/[$]/g, "\\$"))
  .join("|");
/** "12.500000 TRX", "-0.2074 ETH": a number and the currency code after it. */
const CODE_AFTER = new RegExp(`(?<![\\w.])-?\\d[\\d,]*(?:\\.(\\d+))?\\s?(${CODES})\\b`, "g");
/** "€12.50", "$AU 3.00", "-$1.5": the symbol, then the number. */
const SYMBOL_BEFORE = new RegExp(`(${SYMBOLS})\\s?\\d[\\d,]*(?:\\.(\\d+))?(?![\\d.])`, "g");
const SYMBOL_CODE = new Map(
  currencyCodes.flatMap((code) => {
    const symbol = CURRENCIES[code].symbol;
    return symbol === null ? [] : [[symbol, code] as const];
  }),
);

/** Amounts in `text` with more decimals than the display rule (spec §5, packages/money) allows. */
function overPreciseAmounts(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CODE_AFTER)) {
    const [whole, decimals = "", code] = match;
    const allowed = CURRENCIES[code as keyof typeof CURRENCIES].displayDecimals;
    if (decimals.length > allowed) found.push(`amount "${whole}" shows more than ${allowed} decimals`);
  }
  for (const match of text.matchAll(SYMBOL_BEFORE)) {
    const [whole, symbol = "", decimals = ""] = match;
    const code = SYMBOL_CODE.get(symbol);
    const allowed = code ? CURRENCIES[code].displayDecimals : 2;
    if (decimals.length > allowed) found.push(`amount "${whole}" shows more than ${allowed} decimals`);
  }
  return found;
}

/** Raw codes and over-precise amounts in the text the page shows (not hidden, not in inputs). */
export async function unreadableText(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const codes = [...new Set(text.match(RAW_CODE) ?? [])].map((code) => `raw code "${code}" on screen`);
  return [...codes, ...overPreciseAmounts(text)];
}

/**
 * Installed before any page script: notes every block spinner (the app's Spinner, 30 px or more,
 * not inside a button or beside its own words such as "Issuing…") with the moment it was added.
 * One added after the first contentful paint is a page hiding what it had drawn.
 */
export function watchSpinners(): void {
  type Seen = { at: number; where: string };
  const seen: Seen[] = [];
  (window as unknown as { __kestrelSpinners: Seen[] }).__kestrelSpinners = seen;
  const isBlockSpinner = (spinner: Element) => {
    if (spinner.closest("button")) return false;
    if (Number.parseFloat((spinner as HTMLElement).style.width) < 30) return false;
    const parent = spinner.parentElement;
    const ownWords = Array.from(parent?.childNodes ?? []).some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "",
    );
    return !ownWords;
  };
  new MutationObserver((records) => {
    const at = performance.now();
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        const spinners = node.matches(".k-spinner")
          ? [node]
          : Array.from(node.querySelectorAll(".k-spinner"));
        for (const spinner of spinners.filter(isBlockSpinner)) {
          const parent = spinner.parentElement;
          seen.push({ at, where: `${parent?.tagName.toLowerCase()}.${parent?.className ?? ""}` });
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The block spinners the page added after its first paint since it was opened. */
export async function spinnersAfterFirstPaint(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = (window as unknown as { __kestrelSpinners: Array<{ at: number; where: string }> })
      .__kestrelSpinners;
    // No contentful paint yet: nothing was drawn that a spinner could have replaced.
    const firstPaint =
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY;
    return seen
      .filter((s) => s.at > firstPaint)
      .map(
        (s) => `a full-page spinner in ${s.where} ${Math.round(s.at - firstPaint)} ms after the first paint`,
      );
  });
}
