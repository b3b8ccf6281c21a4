import type { MerchantsService } from "../merchants/index.ts";

const CACHE_MS = 60_000;

/**
 * The origins allowed to frame the widget (CSP frame-ancestors): every merchant's host names,
 * with the scheme and port of PUBLIC_BASE_URL (the web apps are served like the API). Read at
 * most once a minute: a merchant added at runtime frames the widget within that minute.
 */
export function widgetFrameAncestors(publicBaseUrl: string, merchants: Pick<MerchantsService, "allHosts">) {
  const base = new URL(publicBaseUrl);
  let cached: { at: number; origins: string[] } | undefined;
  return async (): Promise<string[]> => {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.origins;
    const hosts = await merchants.allHosts();
    const port = base.port ? `:${base.port}` : "";
    const origins = [...new Set(hosts.filter((h) => /^[a-z0-9.-]+$/i.test(h)))].map(
      (host) => `${base.protocol}//${host.toLowerCase()}${port}`,
    );
    cached = { at: Date.now(), origins };
    return origins;
  };
}
