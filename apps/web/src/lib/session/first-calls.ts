/**
 * The calls each page behind a session makes before its first screen is whole, exactly as the
 * app writes them (the frame: operations, footer and banners, the profile and, on an operation's
 * page, the verification; then the screen's own). session-start.ts sends them while the app's
 * scripts download; the app takes each answer on its first fetch of that address
 * (lib/http/early-answers.ts). A call missing here is fetched by the app as before; one listed
 * but never fetched would be a wasted request, which e2e/web-performance.e2e.ts catches.
 *
 * Plain strings and no imports: this file is bundled into session-start's own small script, so
 * it must not pull in a chunk the app shares.
 */
export type FirstCalls = {
  /** Calls anyone may make: sent at once. */
  open: string[];
  /** Calls that need the customer's token: sent once the silent refresh has answered. */
  signedIn: string[];
};

/** The app frame's open calls: the merchant's operations, the footer's links, the side banners. */
const FRAME_OPEN = [
  "/v2/catalog/operations",
  "/web/info?locale=en&variant=filesLinks",
  "/web/info?locale=en&variant=merchantSocial",
  "/web/banners?locale=en&bannerPosition=right",
];
/** Who the customer is (app/guards/ProfileSteps.tsx). */
const PROFILE = "/v2/customer/profile";
/** An operation's page also checks the customer's verification (app/guards/OperationRoute.tsx). */
const OPERATION = [PROFILE, "/v2/customer/kyc/data"];
const RECENT_HISTORY = "/v2/history/operations?offset=0&size=20";
const CARD_PROGRAMS = ["CP_1", "CP_2"];
const cardCalls = (program: string) => [`/v2/card/prices?cp=${program}`, `/v2/card/list?cp=${program}`];

/** The first calls of the page at `pathname`, or undefined for a page not listed. */
export function firstCalls(pathname: string, merchantId: string | undefined): FirstCalls | undefined {
  switch (pathname) {
    case "/":
      return {
        open: [
          ...FRAME_OPEN,
          "/web/banners?locale=en&bannerPosition=bottom",
          ...(merchantId ? [`/web/faq?locale=en&merchantId=${merchantId}`] : []),
          "/v2/status",
        ],
        signedIn: [PROFILE, "/v3/wallets", RECENT_HISTORY],
      };
    case "/exchange":
      return { open: FRAME_OPEN, signedIn: [...OPERATION, "/v3/wallets", "/v2/exchange/currencies"] };
    case "/cards":
      // Both card programs (features/cards CARD_PROGRAMS). A program the merchant does not offer
      // answers its prices with 403 and the app never asks for its cards: that one list is the
      // only answer left untaken, on such a merchant's /cards.
      return { open: FRAME_OPEN, signedIn: [...OPERATION, ...CARD_PROGRAMS.flatMap(cardCalls)] };
    case "/history":
      return { open: FRAME_OPEN, signedIn: [PROFILE, RECENT_HISTORY, "/v3/wallets"] };
    case "/top-up/receive":
      return { open: [...FRAME_OPEN, "/v1/catalog/currencies"], signedIn: [...OPERATION, "/v3/wallets"] };
    default:
      return undefined;
  }
}
