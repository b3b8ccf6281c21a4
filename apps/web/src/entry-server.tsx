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
 * The server's rendering of the public pages (docs/web-performance.md, "The first screen before
 * any script"): built by `vite build --ssr` into dist/.ssr/, never part of the browser's bundle,
 * and called by apps/server/src/plugins/web-server-render.ts when it serves index.html.
 *
 * Each public page and its screen's module (the lazy import of app/routes.tsx): the page's CSS
 * and code are linked in the head, so the HTML is styled as it paints and its code loads
 * alongside the entry's rather than after it.
 */
const PUBLIC_PAGES: Record<string, string> = {
  [ROUTES.signIn]: "src/features/auth/SignInPage.tsx",
  [ROUTES.signUp]: "src/features/auth/SignUpPage.tsx",
  [ROUTES.resetPassword]: "src/features/auth/ResetPasswordPage.tsx",
  [ROUTES.status]: "src/features/status/StatusPage.tsx",
};

/** The only query parameter a public page reads (/sign-up?isEmptyEmail=yes: SignUpPage.tsx). */
const READ_PARAMS = ["isEmptyEmail"];

/**
 * The address to render for a request, or undefined when it is not a public page. Parameters no
 * page reads (utm_source and the like) are left out: they render the same page, which is then
 * rendered and kept once, whatever a link appends.
 */
export function renderedUrl(requestUrl: string): string | undefined {
  const url = new URL(requestUrl, "http://server-render.invalid");
  if (!Object.hasOwn(PUBLIC_PAGES, url.pathname)) return undefined;
  const read = new URLSearchParams();
  for (const name of READ_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) read.set(name, value);
  }
  const search = read.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/**
 * index.html (`template`, with the start answers already in it) with the page rendered in #root
 * as a signed-out visitor sees it, from the same answers the browser will seed its first render
 * with (config-service/start-answers.ts), so main.tsx can hydrate it. `url` is renderedUrl's.
 */
export async function renderPublicPage(
  template: string,
  url: string,
  answers: Record<string, ServerAnswer>,
): Promise<string | undefined> {
  const pageModule = PUBLIC_PAGES[new URL(url, "http://server-render.invalid").pathname];
  if (!pageModule) return undefined;

  const notifications = createNotificationStore();
  const services: AppServices = {
    i18n: createI18n(),
    notifications,
    queryClient: createQueryClient(notifications, { retry: false }),
    session: signedOutSession(),
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
    const head = headTags(services, template, pageModule);
    return template
      .replace(/<title>[^<]*<\/title>/, head.title)
      .replace(/<link rel="icon"[^>]*>/, head.favicon)
      .replace("</head>", `${head.rest}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  } finally {
    services.queryClient.clear();
    forgetFeatureTexts(services.i18n);
  }
}

/** The merchant's name, favicon and colours, as use-merchant-theme.ts sets them in the browser. */
function headTags(services: AppServices, template: string, pageModule: string) {
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
      ...pageAssets(pageModule)
        .filter((href) => !template.includes(`"${href}"`))
        .map((href) =>
          href.endsWith(".css")
            ? `<link rel="stylesheet" crossorigin href="${href}">`
            : `<link rel="modulepreload" crossorigin href="${href}">`,
        ),
    ].join("\n    "),
  };
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

/** The server has no session: it renders what a signed-out visitor sees, and calls nothing. */
function signedOutSession(): WebSession {
  const refuse = () => Promise.reject(new Error("the server's rendering makes no API calls"));
  return {
    api: new Proxy({}, { get: () => refuse }) as WebSession["api"],
    status: () => "signedOut",
    subscribe: () => () => undefined,
    start: () => undefined,
    signIn: () => undefined,
    signOut: refuse,
    setMerchantId: () => undefined,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
