import type { FastifyInstance, FastifyRequest } from "fastify";
import { SANDBOX_CLIENT_IP_HEADER } from "../http/client-ip.ts";

/**
 * The calls the web app makes before it draws anything (app/guards/StartGate.tsx: the merchant's
 * look, name and texts, and the location check), exactly as it writes them
 * (lib/config-service/api.ts). Sent inside index.html, they spare a phone the round trip it would
 * wait for after the scripts ran (docs/web-performance.md). English is the app's only locale.
 */
export const BOOT_CALLS = [
  "/web/info?locale=en&variant=settingsData",
  "/web/info?locale=en&variant=merchantData",
  "/web/screens?locale=en",
  "/location",
] as const;

/**
 * The answers a server-rendered page's first screen shows beyond the boot calls: the phone
 * picker's countries on the pages that ask for a phone number (features/auth), and, on every
 * page the server renders (web-server-render.ts), the footer's documents and social links, which
 * sign-up's terms show too. Rendered from the same answers on both sides, none of them can arrive
 * in the browser between its first render and the hydration of a part still loading, and differ
 * from the server's HTML (React's hydration error 418 on /sign-up under load).
 */
const FOOTER_CALLS = ["/web/info?locale=en&variant=filesLinks", "/web/info?locale=en&variant=merchantSocial"];
const PHONE_CALLS = ["/v1/catalog/countries?type=phone", ...FOOTER_CALLS];
const PAGE_CALLS: Record<string, readonly string[]> = {
  "/sign-in": PHONE_CALLS,
  "/sign-up": PHONE_CALLS,
  "/reset-password": PHONE_CALLS,
  "/status": FOOTER_CALLS,
};

/** What the shell of this page carries: BOOT_CALLS, and the page's own first answers. */
export function bootCalls(pathname: string): readonly string[] {
  return [...BOOT_CALLS, ...(Object.hasOwn(PAGE_CALLS, pathname) ? (PAGE_CALLS[pathname] ?? []) : [])];
}

export type BootAnswer = { status: number; body: unknown };

/**
 * The answers to the page's boot calls for this request, asked of the API itself (same routes, same
 * merchant by host, same client address for the location check), so they cannot differ from
 * what the app would have fetched. A call that fails to answer is left out: the app fetches it.
 */
export async function bootAnswers(
  app: FastifyInstance,
  req: FastifyRequest,
): Promise<Record<string, BootAnswer>> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (req.headers.host) headers.host = req.headers.host;
  const standIn = req.headers[SANDBOX_CLIENT_IP_HEADER];
  if (typeof standIn === "string") headers[SANDBOX_CLIENT_IP_HEADER] = standIn;
  const answers = await Promise.all(
    bootCalls(req.url.split("?")[0] ?? "/").map(async (url) => {
      try {
        const res = await app.inject({ method: "GET", url, headers, remoteAddress: req.ip });
        return [url, { status: res.statusCode, body: res.json() }] as const;
      } catch {
        return undefined;
      }
    }),
  );
  return Object.fromEntries(answers.filter((answer) => answer !== undefined));
}

/**
 * index.html with the answers in a JSON script the app reads before its first fetch
 * (lib/http/server-answers.ts). `<` is escaped so no answer can close the script element.
 */
export function withBootAnswers(indexHtml: string, answers: Record<string, BootAnswer>): string {
  const json = JSON.stringify(answers).replace(/</g, "\\u003c");
  const script = `<script id="k-server-answers" type="application/json">${json}</script>`;
  return indexHtml.replace("</head>", `${script}\n  </head>`);
}
