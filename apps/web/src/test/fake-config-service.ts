import { vi } from "vitest";
import type { OperationStatus, OperationType } from "../lib/operations/operations-schema.ts";

// A stand-in for the configuration service and the operations catalog, answering like the
// server described in the web app's brief. Tests override one part and keep the rest.

const DEMO_MERCHANT_ID = "0190f4d2-8c1e-7a5b-9d3f-1a2b3c4d5e6f";

export interface FakeWorld {
  settings: Record<string, unknown>;
  merchant: {
    title: string;
    merchantBackendId: string;
    supportChatKey: string | null;
    supportChatUrl: string | null;
    supportEmail: string | null;
    supportUrl: string | null;
    referralCodeRequired: boolean;
    requestSigningKey: string;
  };
  texts: Record<string, string>;
  location: { country: string; blocked: boolean };
  operations: OperationStatus[];
  banners: { right: unknown[]; bottom: unknown[] };
  faq: unknown[];
  /** The merchant's social links (`/web/info?variant=merchantSocial`); unset: none. */
  social?: { name: string; url: string }[];
  /** "live": the refresh cookie is good, so the start-up refresh signs the visitor in. */
  session: "live" | "none";
  /** GET /v2/customer/profile of the signed-in customer. */
  profile: Record<string, unknown>;
  /** GET /v2/customer/kyc/data of the signed-in customer; unset: 404 (operation pages show). */
  kyc?: { kycLevel: string; status: string };
}

export function operation(
  operationType: OperationType,
  overrides: Partial<OperationStatus> = {},
): OperationStatus {
  return {
    operationType,
    name: operationType,
    constraint: "NONE",
    reason: "NONE",
    kycLevelPermissibleList: ["KYC_0", "KYC_2"],
    url: "",
    ...overrides,
  };
}

export function defaultWorld(): FakeWorld {
  return {
    settings: {
      favicon: "https://cdn.example.com/demo/favicon.png",
      horizontalImage: "https://cdn.example.com/demo/logo.svg",
      buttonColor1: "#123456",
      buttonColor2: "#FFCC00",
      backgroundColor: "#F4F5F7",
      backgroundImage: null,
    },
    merchant: {
      title: "Demo Finance",
      merchantBackendId: DEMO_MERCHANT_ID,
      supportChatKey: null,
      supportChatUrl: null,
      supportEmail: null,
      supportUrl: null,
      referralCodeRequired: false,
      requestSigningKey: "test-signing-key",
    },
    texts: {},
    location: { country: "DE", blocked: false },
    operations: (
      [
        "EXCHANGE",
        "PAYIN_CARD",
        "PAYIN_CRYPTO",
        "PAYOUT_CARD",
        "PAYOUT_CRYPTO",
        "TRANSFER_MOBILE",
        "IBAN",
        "WITHDRAW_IBAN",
        "CARDS",
        "CARD_TOPUP_CRYPTO",
        "CARD_ORDER",
        "DEPOSITS",
      ] as const
    ).map((type) => operation(type)),
    banners: { right: [], bottom: [] },
    faq: [],
    session: "live",
    profile: {
      customerId: "0190f4d2-0000-7000-8000-000000000001",
      phone: "4915112345678",
      email: "ada@example.com",
      confirmedEmail: false,
      // Complete (spec §2's list), so the redirect rules let the customer onto every page.
      firstName: "Ada",
      lastName: "Lovelace",
      dateOfBirth: "1990-12-10",
      residenceCountry: "DE",
      residenceCity: "Berlin",
      residenceStreet: "Hauptstraße 1",
      ownReferralCode: "ADA123",
      referralCodeRequired: false,
      completedKycLevel: "KYC_0",
      pushEnabled: false,
    },
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Routes a request to the fake world's answer; unknown paths answer 404 in the error shape. */
export function answer(world: FakeWorld, input: string, headers: Headers): Response {
  const url = new URL(input, "http://localhost");
  const ok = (data: unknown) => json({ success: true, data });
  if (url.pathname === "/web/info") {
    const variant = url.searchParams.get("variant");
    if (variant === "settingsData") return ok(world.settings);
    if (variant === "merchantData") return ok(world.merchant);
    if (variant === "merchantSocial") return ok({ links: world.social ?? [] });
    if (variant === "filesLinks") return ok({ documents: [] });
  }
  if (url.pathname === "/web/screens") return ok({ texts: world.texts });
  if (url.pathname === "/web/banners") {
    return ok(
      url.searchParams.get("bannerPosition") === "right" ? world.banners.right : world.banners.bottom,
    );
  }
  if (url.pathname === "/web/faq") return ok(world.faq);
  if (url.pathname === "/location") return ok(world.location);
  if (url.pathname === "/oauth/token" && world.session === "live") {
    return json({ access_token: "test-access", token_type: "bearer", expires_in: 900, scope: "", jti: "j" });
  }
  if (url.pathname === "/v2/customer/profile" && headers.get("authorization") === "Bearer test-access") {
    return json(world.profile);
  }
  if (
    url.pathname === "/v2/customer/kyc/data" &&
    world.kyc &&
    headers.get("authorization") === "Bearer test-access"
  ) {
    return json(world.kyc);
  }
  if (
    url.pathname === "/v2/catalog/operations" &&
    headers.get("X-Merchant-ID") === world.merchant.merchantBackendId
  ) {
    return json({ data: world.operations });
  }
  return json({ error: "NOT_FOUND", errorId: 404, message: "Not found", requestId: "test" }, 404);
}

/** Replaces global fetch with the fake world; returns the mock to inspect calls. */
export function installFakeConfigService(world: FakeWorld = defaultWorld()) {
  // The typed API client calls fetch with a Request; the configuration service with a string.
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    input instanceof Request
      ? answer(world, input.url, input.headers)
      : answer(world, String(input), new Headers(init?.headers)),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
