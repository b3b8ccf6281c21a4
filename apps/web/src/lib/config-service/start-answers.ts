import type { QueryClient } from "@tanstack/react-query";
import type { i18n } from "i18next";
import { countriesQueryKey } from "../catalog/countries-query-key.ts";
import type { ServerAnswer } from "../http/server-answers.ts";
import { applyTextOverrides } from "../i18n/create-i18n.ts";
import { configQueryKeys } from "./queries.ts";
import {
  filesLinksSchema,
  locationSchema,
  merchantDataSchema,
  merchantSocialSchema,
  screenTextsSchema,
  settingsDataSchema,
} from "./schemas.ts";

/** The answer as its query keeps it, or undefined when it does not pass the query's own check. */
type Check = (body: unknown) => unknown;
const bySchema =
  (schema: { safeParse(body: unknown): { success: boolean; data?: unknown } }): Check =>
  (body) =>
    schema.safeParse(body).data;

type StartQuery = { path: string; key: readonly unknown[]; check: Check };
type Schema = Parameters<typeof bySchema>[0];

/** One variant of `/web/info`: its path as api.ts writes it, and its query's key. */
const infoQuery = (locale: string, variant: string, schema: Schema): StartQuery => ({
  path: `/web/info?locale=${locale}&variant=${variant}`,
  key: configQueryKeys.info(locale, variant),
  check: bySchema(schema),
});

/**
 * The four answers the start gate waits for (app/guards/StartGate.tsx), each with the exact path
 * the app fetches (api.ts) and its query, and the phone countries the sign-in pages wait for
 * (lib/catalog/countries-query.ts: typed by the API contract and kept as sent, as its own fetch
 * is), and the footer's documents and social links. The server sends them inside the page
 * (apps/server/src/plugins/web-boot-answers.ts).
 */
const START_QUERIES = (locale: string): ReadonlyArray<StartQuery> => [
  infoQuery(locale, "settingsData", settingsDataSchema),
  infoQuery(locale, "merchantData", merchantDataSchema),
  {
    path: `/web/screens?locale=${locale}`,
    key: configQueryKeys.screens(locale),
    check: bySchema(screenTextsSchema),
  },
  { path: "/location", key: configQueryKeys.location, check: bySchema(locationSchema) },
  // The footer's documents (sign-up's terms show them) and social links, on server-rendered pages.
  infoQuery(locale, "filesLinks", filesLinksSchema),
  infoQuery(locale, "merchantSocial", merchantSocialSchema),
  {
    path: "/v1/catalog/countries?type=phone",
    key: countriesQueryKey("phone"),
    check: (body) => (Array.isArray((body as { data?: unknown } | null)?.data) ? body : undefined),
  },
];

/**
 * Puts the answers the page came with into the query cache and the merchant's texts into i18n
 * before the first render, so the first render is the first screen rather than the splash: the
 * server renders the public pages from the same answers (entry-server.tsx), and the browser's
 * first render must match that HTML to hydrate it. An answer that is missing, failed or does not
 * pass its query's check is left to the query's own fetch, which falls back as before.
 */
export function seedStartAnswers(
  services: { queryClient: QueryClient; i18n: i18n },
  answers: Record<string, ServerAnswer>,
  locale = "en",
): void {
  for (const query of START_QUERIES(locale)) {
    const found = answers[query.path];
    if (!found || found.status < 200 || found.status > 299) continue;
    const data = query.check(found.body);
    if (data === undefined) continue;
    services.queryClient.setQueryData(query.key, data);
    if (query.path.startsWith("/web/screens")) {
      applyTextOverrides(services.i18n, (data as { texts: Record<string, string> }).texts);
    }
  }
}
