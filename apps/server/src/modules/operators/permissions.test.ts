import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR_ROLES } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test-app.ts";
import { DEMO_MERCHANT_ID } from "../merchants/index.ts";
import { adminRoutesOf } from "./operator-guard.ts";
import { type OperatorSession, signInOperator } from "./operators.test-helpers.ts";
import { can } from "./permissions.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

const ANY_ID = "0190a000-0000-7000-8000-000000000000";

describe("every admin route, for every role", () => {
  it("declares a permission, and the server holds each role to it before anything else", async () => {
    // Signing out ends the session: it goes last.
    const routes = adminRoutesOf(t.app)
      .filter((r) => r.access !== "sign-in" && r.access !== "totp")
      .sort((a, b) => Number(a.url.endsWith("/sign-out")) - Number(b.url.endsWith("/sign-out")));
    expect(routes.length).toBeGreaterThan(2);
    const sessions = new Map<string, OperatorSession>();
    for (const role of OPERATOR_ROLES) {
      sessions.set(
        role,
        await signInOperator(t.app, t.database, role, role === "PLATFORM_ADMIN" ? null : DEMO_MERCHANT_ID),
      );
    }
    const seen: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, ANY_ID);
      for (const role of OPERATOR_ROLES) {
        const s = sessions.get(role) as OperatorSession;
        // A body that fails validation: a role without the permission must get 403 all the same.
        const res = await t.app.inject({
          method: route.method as "GET",
          url,
          headers: { ...s.headers, "x-merchant-id": DEMO_MERCHANT_ID },
          ...(route.method === "GET" ? {} : { payload: { unexpected: true } }),
        });
        const allowed =
          route.access === "self" ||
          (route.access !== "sign-in" && route.access !== "totp" && can(role, route.access));
        seen.push(`${route.method} ${route.url} ${role} ${res.statusCode}`);
        if (allowed) {
          expect([401, 403], `${route.method} ${route.url} as ${role}`).not.toContain(res.statusCode);
          // Past the guard the bad body reaches validation: a 4xx, never a 5xx.
          expect(res.statusCode, `${route.method} ${route.url} as ${role}`).toBeLessThan(500);
        } else {
          expect(res.statusCode, `${route.method} ${route.url} as ${role}`).toBe(403);
          expect(res.json()).toMatchObject({ error: "PERMISSION_DENIED", requestId: expect.any(String) });
        }
      }
    }
    expect(seen.length).toBe(routes.length * OPERATOR_ROLES.length);
  });

  it("refuses to register an admin route without a declared permission", async () => {
    const other = await createTestApp();
    try {
      expect(() => other.app.get("/admin/v1/undeclared", async () => ({}))).toThrow(
        /without a declared permission/,
      );
    } finally {
      await other.close();
    }
  });
});
