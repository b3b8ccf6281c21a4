import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { configQueryKeys } from "../lib/config-service/queries.ts";
import { PROFILE_QUERY_KEY } from "../lib/customer/profile-queries.ts";
import { KYC_DATA_QUERY_KEY } from "../lib/kyc/kyc-query-keys.ts";
import { operationsCatalogQueryKey } from "../lib/operations/operations-catalog.ts";
import { createWebSession, markSignedInBefore } from "../lib/session/web-session.ts";
import type { AppServices } from "./AppProviders.tsx";
import { sessionBeforeRender } from "./session-before-render.ts";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
const profile = { phone: "4915100000000", email: "a@b.c", firstName: "Ada" };
const kyc = { level: "KYC_1", status: "APPROVED" };

// The frame's answers, each as its schema wants it (lib/config-service/schemas.ts).
const FRAME_ANSWERS: Record<string, unknown> = {
  "/v2/catalog/operations": { data: [] },
  "/web/info?locale=en&variant=filesLinks": { success: true, data: { documents: [] } },
  "/web/info?locale=en&variant=merchantSocial": { success: true, data: { links: [] } },
  "/web/banners?locale=en": { success: true, data: [] },
  "/web/faq?locale=en": { success: true, data: [] },
};

function servicesAt(pathname: string) {
  window.history.pushState({}, "", pathname);
  const paths: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), "http://app.test");
      paths.push(`${init?.method ?? (input instanceof Request ? input.method : "GET")} ${url.pathname}`);
      if (url.pathname === "/oauth/token") return json({ access_token: "a1", expires_in: 900 });
      return json(
        FRAME_ANSWERS[`${url.pathname}${url.search}`.replace(/&bannerPosition=\w+|&merchantId=\w+/, "")] ??
          (url.pathname === "/v2/customer/profile" ? profile : kyc),
      );
    }),
  );
  const queryClient = new QueryClient();
  const session = createWebSession({ apiBaseUrl: "http://app.test" });
  return { services: { session, queryClient } as unknown as AppServices, queryClient, session, paths };
}

describe("what a page behind a session reads before the first render", () => {
  it("knows the session, then has the profile and, on an operation's page, the verification", async () => {
    markSignedInBefore();
    const { services, queryClient, session, paths } = servicesAt("/exchange");
    await sessionBeforeRender(services);
    expect(session.status()).toBe("signedIn");
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(profile);
    expect(queryClient.getQueryData(KYC_DATA_QUERY_KEY)).toEqual(kyc);
    // With the frame's answers the page asks for first (no merchant id here: no catalog).
    expect(paths.sort()).toEqual([
      "GET /v2/customer/kyc/data",
      "GET /v2/customer/profile",
      "GET /web/banners",
      "GET /web/info",
      "GET /web/info",
      "POST /oauth/token",
    ]);
  });

  it("has the frame's answers too, so none arrives as a render after the first (issue 47)", async () => {
    markSignedInBefore();
    const { services, queryClient } = servicesAt("/");
    queryClient.setQueryData(configQueryKeys.info("en", "merchantData"), { merchantBackendId: "m1" });
    await sessionBeforeRender(services);
    expect(queryClient.getQueryData(operationsCatalogQueryKey("m1"))).toBeDefined();
    expect(queryClient.getQueryData(configQueryKeys.banners("en", "right"))).toBeDefined();
    expect(queryClient.getQueryData(configQueryKeys.banners("en", "bottom"))).toBeDefined();
    expect(queryClient.getQueryData(configQueryKeys.info("en", "filesLinks"))).toBeDefined();
    expect(queryClient.getQueryData(configQueryKeys.info("en", "merchantSocial"))).toBeDefined();
    expect(queryClient.getQueryData(configQueryKeys.faq("en", "m1"))).toBeDefined();
  });

  it("reads only the profile on a page that is not an operation's", async () => {
    markSignedInBefore();
    const { services, queryClient, paths } = servicesAt("/history");
    await sessionBeforeRender(services);
    expect(queryClient.getQueryData(PROFILE_QUERY_KEY)).toEqual(profile);
    expect(queryClient.getQueryData(KYC_DATA_QUERY_KEY)).toBeUndefined();
    expect(paths.sort()).toEqual([
      "GET /v2/customer/profile",
      "GET /web/banners",
      "GET /web/info",
      "GET /web/info",
      "POST /oauth/token",
    ]);
  });

  it("asks nothing of a browser never signed in: signed out at once", async () => {
    const { services, session, paths } = servicesAt("/exchange");
    await sessionBeforeRender(services);
    expect(session.status()).toBe("signedOut");
    expect(paths).toEqual([]);
  });
});
