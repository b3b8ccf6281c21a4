import { readFileSync } from "node:fs";
import { type ReactNode, StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { AppServices } from "./app/AppProviders.tsx";
import { AppShell } from "./app/AppShell.tsx";
import { createQueryClient } from "./app/create-query-client.ts";
import { configQueryKeys } from "./lib/config-service/queries.ts";
import type { MerchantData, SettingsData } from "./lib/config-service/schemas.ts";
import { seedStartAnswers } from "./lib/config-service/start-answers.ts";
import type { ServerAnswer } from "./lib/http/server-answers.ts";
import { createI18n } from "./lib/i18n/create-i18n.ts";
import { forgetFeatureTexts } from "./lib/i18n/feature-texts.ts";
import { createNotificationStore } from "./lib/notifications/notification-store.ts";
import { ROUTES } from "./lib/routes.ts";
import type { WebSession } from "./lib/session/web-session.ts";
import { merchantCssVariables } from "./lib/theme/apply-merchant-theme.ts";
import { safeUrl } from "./lib/theme/safe-url.ts";

/**
 * The server's rendering of the pages (docs/web-performance.md, "The first screen before any
 * script"): built by `vite build --ssr` into dist/.ssr/, never part of the browser's bundle, and
 * called by apps/server/src/plugins/web-server-render.ts when it serves index.html.
 *
 * Each address and its screen's module (the lazy imports of app/routes.tsx). Every page's head
 * links its screen's code, so it loads alongside the entry's rather than after it (after the
 * session and profile, on a page behind a session).
 */
export const PAGE_MODULES: Record<string, string> = {
  [ROUTES.home]: "src/features/home/HomePage.tsx",
  [ROUTES.signIn]: "src/features/auth/SignInPage.tsx",
  [ROUTES.signUp]: "src/features/auth/SignUpPage.tsx",
  [ROUTES.resetPassword]: "src/features/auth/ResetPasswordPage.tsx",
  [ROUTES.referralCode]: "src/features/auth/ReferralCodePage.tsx",
  [ROUTES.verification]: "src/features/verification/VerificationPage.tsx",
  [ROUTES.exchange]: "src/features/exchange/ExchangePage.tsx",
  [ROUTES.topUpCard]: "src/features/card-payments/CardTopUpPage.tsx",
  [ROUTES.topUpReceive]: "src/features/receive/ReceivePage.tsx",
  [ROUTES.withdrawCard]: "src/features/card-payments/CardWithdrawPage.tsx",
  [ROUTES.sendWallet]: "src/features/send/SendWalletPage.tsx",
  [ROUTES.sendPhone]: "src/features/send/SendPhonePage.tsx",
  [ROUTES.iban]: "src/features/iban/IbanPage.tsx",
  [ROUTES.ibanWithdrawBank]: "src/features/iban/IbanWithdrawPage.tsx",
  [ROUTES.cards]: "src/features/cards/CardsPage.tsx",
  [ROUTES.cardsTopUpCrypto]: "src/features/cards/CardTopUpCryptoPage.tsx",
  [ROUTES.cardsOrder]: "src/features/cards/CardOrderPage.tsx",
  [ROUTES.earn]: "src/features/earn/EarnPage.tsx",
  [ROUTES.history]: "src/features/history/HistoryPage.tsx",
  [ROUTES.status]: "src/features/status/StatusPage.tsx",
  [ROUTES.limits]: "src/features/limits/LimitsPage.tsx",
  [ROUTES.account]: "src/features/auth/AccountPage.tsx",
  [ROUTES.security]: "src/features/security/SecurityPage.tsx",
  [ROUTES.securityNotMe]: "src/features/auth/NotMePage.tsx",
};

/**
 * The pages a signed-out visitor sees the same, whoever they are: rendered whole, then hydrated.
 * Every other page is behind a session, which the server does not have: it gets the frame the
 * app shows while the session answers (PendingLayout: the merchant's brand and a spinner), which
 * the app replaces rather than hydrates, since a visitor without a session is sent to /sign-in.
 */
const PUBLIC_PAGES = new Set<string>([ROUTES.signIn, ROUTES.signUp, ROUTES.resetPassword, ROUTES.status]);

/** The only query parameter a public page reads (/sign-up?isEmptyEmail=yes: SignUpPage.tsx). */
const READ_PARAMS = ["isEmptyEmail"];

/** How main.tsx takes the server's HTML over: `data-server-render` on #root. */
export type RenderedAs = "public" | "pending";

/**
 * The address to render for a request, or undefined when it is no page. Parameters no page reads
 * (utm_source and the like) are left out: they render the same page, which is then rendered and
 * kept once, whatever a link appends.
 */
export function renderedUrl(requestUrl: string): string | undefined {
  const url = new URL(requestUrl, "http://server-render.invalid");
  if (!Object.hasOwn(PAGE_MODULES, url.pathname)) return undefined;
  const read = new URLSearchParams();
  for (const name of PUBLIC_PAGES.has(url.pathname) ? READ_PARAMS : []) {
    const value = url.searchParams.get(name);
    if (value !== null) read.set(name, value);
  }
  const search = read.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/**
 * index.html (`template`, with the start answers already in it) with the page rendered in #root
 * from the same answers the browser will seed its first render with
 * (config-service/start-answers.ts): a public page as a signed-out visitor sees it, so main.tsx
 * can hydrate it; any other page as it shows while the session answers. `url` is renderedUrl's.
 */
export async function renderPage(
  template: string,
  url: string,
  answers: Record<string, ServerAnswer>,
): Promise<string | undefined> {
  const pathname = new URL(url, "http://server-render.invalid").pathname;
  const pageModule = PAGE_MODULES[pathname];
  if (!pageModule) return undefined;
  const renderedAs: RenderedAs = PUBLIC_PAGES.has(pathname) ? "public" : "pending";

  const notifications = createNotificationStore();
  const services: AppServices = {
    i18n: createI18n(),
    notifications,
    queryClient: createQueryClient(notifications, { retry: false }),
    session: serverSession(renderedAs === "public" ? "signedOut" : "restoring"),
  };
  try {
    seedStartAnswers(services, answers);
    const Router = ({ children }: { children: ReactNode }) => (
      <StaticRouter location={url}>{children}</StaticRouter>
    );
    // prerender waits for the lazy screen (renderToString would send its spinner).
    const { prelude } = await prerender(
      <StrictMode>
        <AppShell services={services} router={Router} />
      </StrictMode>,
    );
    const body = await new Response(prelude).text();
    const head = headTags(services, template, pageModule, renderedAs);
    return template
      .replace(/<title>[^<]*<\/title>/, head.title)
      .replace(/<link rel="icon"[^>]*>/, head.favicon)
      .replace("</head>", `${head.rest}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root" data-server-render="${renderedAs}">${body}</div>`);
  } finally {
    services.queryClient.clear();
    forgetFeatureTexts(services.i18n);
  }
}

/** The merchant's name, favicon and colours, as use-merchant-theme.ts sets them in the browser. */
function headTags(services: AppServices, template: string, pageModule: string, renderedAs: RenderedAs) {
  const settings = services.queryClient.getQueryData<SettingsData>(
    configQueryKeys.info("en", "settingsData"),
  );
  const merchant = services.queryClient.getQueryData<MerchantData>(
    configQueryKeys.info("en", "merchantData"),
  );
  const favicon = safeUrl(settings?.favicon);
  const variables = settings
    ? Object.entries(merchantCssVariables(settings))
        .map(([name, value]) => `${name}:${value}`)
        .join(";")
    : "";
  return {
    title: `<title>${escapeHtml(merchant?.title ?? "Loading…")}</title>`,
    favicon: `<link rel="icon" href="${escapeHtml(favicon ?? "data:,")}" />`,
    rest: [
      // `<` escaped in CSS, so no configured address can close the style element.
      variables ? `<style id="k-merchant-theme">:root{${variables.replace(/</g, "\\3c ")}}</style>` : "",
      // A public page paints its screen with the HTML: its CSS applies at once. A pending page
      // paints the frame; its screen's CSS is only fetched early, and applies when the screen loads.
      ...pageAssetLinks(template, pageModule, renderedAs === "public" ? "stylesheet" : "preload"),
    ].join("\n    "),
  };
}

/**
 * The links of the screen's assets the shell does not link yet: its code preloaded, and its CSS
 * applied (a rendered page paints with it) or only preloaded (an empty shell paints its spinner
 * without waiting for it; the screen's import applies it).
 */
function pageAssetLinks(template: string, pageModule: string, css: "stylesheet" | "preload"): string[] {
  return pageAssets(pageModule)
    .filter((href) => !template.includes(`"${href}"`))
    .map((href) => {
      if (!href.endsWith(".css")) return `<link rel="modulepreload" crossorigin href="${href}">`;
      return css === "stylesheet"
        ? `<link rel="stylesheet" crossorigin href="${href}">`
        : `<link rel="preload" as="style" crossorigin href="${href}">`;
    });
}

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
let manifest: Record<string, ManifestChunk> | undefined;

/** The screen's chunk, the chunks it imports and their CSS, from the browser build's manifest. */
function pageAssets(pageModule: string): string[] {
  manifest ??= JSON.parse(readFileSync(new URL("../.vite/manifest.json", import.meta.url), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const found = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest?.[key];
    if (!chunk || found.has(`/${chunk.file}`)) return;
    found.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) found.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(pageModule);
  return [...found];
}

/**
 * The server has no session: it renders what a signed-out visitor sees, or what a page behind a
 * session shows while the session answers, and calls nothing.
 */
function serverSession(status: "signedOut" | "restoring"): WebSession {
  const refuse = () => Promise.reject(new Error("the server's rendering makes no API calls"));
  return {
    api: new Proxy({}, { get: () => refuse }) as WebSession["api"],
    status: () => status,
    subscribe: () => () => undefined,
    start: () => undefined,
    signIn: () => undefined,
    signOut: refuse,
    setMerchantId: () => undefined,
    endReason: () => undefined,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
