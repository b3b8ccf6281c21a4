import { describe, expect, it } from "vitest";
import { createAdminClient } from "./admin.ts";

function recorder(status = 200) {
  const seen: Request[] = [];
  const fetch = async (input: Request) => {
    seen.push(input);
    return new Response(JSON.stringify({}), { status, headers: { "content-type": "application/json" } });
  };
  return { seen, fetch: fetch as unknown as typeof globalThis.fetch };
}

describe("the back-office's client", () => {
  it("sends the CSRF token only on calls that change something, and the chosen merchant on all", async () => {
    const r = recorder();
    const client = createAdminClient({
      apiBaseUrl: "http://x",
      getCsrfToken: () => "csrf-1",
      getMerchantId: () => "m-1",
      fetch: r.fetch,
    });
    await client.GET("/admin/v1/me");
    await client.POST("/admin/v1/auth/sign-out");
    expect(r.seen[0]?.headers.get("x-csrf-token")).toBeNull();
    expect(r.seen[1]?.headers.get("x-csrf-token")).toBe("csrf-1");
    expect(r.seen.map((s) => s.headers.get("x-merchant-id"))).toEqual(["m-1", "m-1"]);
  });

  it("reports a 401 outside the sign-in calls as the end of the session", async () => {
    const r = recorder(401);
    let ended = 0;
    const client = createAdminClient({
      apiBaseUrl: "http://x",
      getCsrfToken: () => undefined,
      onSignedOut: () => ended++,
      fetch: r.fetch,
    });
    await client.GET("/admin/v1/me");
    await client.POST("/admin/v1/auth/totp", { body: { code: "123456" } });
    expect(ended).toBe(1);
  });
});
