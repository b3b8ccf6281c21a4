import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { EMPTY_EMAIL_ROUTE } from "../features/auth/redirect-after-sign-in.ts";
import { ROUTES } from "../lib/routes.ts";
import { defaultWorld, type FakeWorld, installFakeConfigService } from "../test/fake-config-service.ts";
import { renderApp } from "../test/render.tsx";

/** Protected pages a customer may open by address (spec §2). */
const PROTECTED = [
  ROUTES.home,
  ROUTES.exchange,
  ROUTES.history,
  ROUTES.earn,
  ROUTES.limits,
  ROUTES.sendPhone,
];

const withProfile = (patch: Record<string, unknown>): FakeWorld => {
  const world = defaultWorld();
  world.profile = { ...world.profile, ...patch };
  return world;
};

const landsOn = async (router: ReturnType<typeof renderApp>["router"], expected: string) =>
  waitFor(() => {
    const { pathname, search } = router.state.location;
    expect(`${pathname}${search}`).toBe(expected);
  });

beforeEach(() => sessionStorage.clear());

describe("redirect rules on every protected page (spec §2)", () => {
  it.each(PROTECTED)("%s sends a customer with an incomplete profile to /verification", async (path) => {
    installFakeConfigService(withProfile({ residenceCity: undefined }));
    const { router } = renderApp(path);
    await landsOn(router, ROUTES.verification);
    expect(await screen.findByRole("heading", { level: 1, name: "Verification" })).not.toBeNull();
  });

  it.each(PROTECTED)("%s sends a customer without email to the email step first", async (path) => {
    installFakeConfigService(withProfile({ email: undefined, firstName: undefined }));
    const { router } = renderApp(path);
    await landsOn(router, EMPTY_EMAIL_ROUTE);
  });

  it("sends a customer owing a required referral code to /referral-code, before /verification", async () => {
    installFakeConfigService(
      withProfile({ referralCodeRequired: true, referralCode: undefined, lastName: "" }),
    );
    const { router } = renderApp(ROUTES.exchange);
    await landsOn(router, ROUTES.referralCode);
    // A step's own page is exempt from the steps after it: the referral page stays.
    expect(await screen.findByRole("heading", { level: 1, name: "Referral code" })).not.toBeNull();
    expect(router.state.location.pathname).toBe(ROUTES.referralCode);
  });

  it("still asks the steps before a step's own page: /verification without email goes to the email step", async () => {
    installFakeConfigService(withProfile({ email: undefined, firstName: undefined }));
    const { router } = renderApp(ROUTES.verification);
    await landsOn(router, EMPTY_EMAIL_ROUTE);
  });

  it("does not ask again a step skipped in this tab", async () => {
    sessionStorage.setItem("kestrel.stepsPassed", "email");
    installFakeConfigService(withProfile({ email: undefined }));
    const { router } = renderApp(ROUTES.exchange);
    expect(await screen.findByRole("heading", { level: 1, name: "Exchange" })).not.toBeNull();
    expect(router.state.location.pathname).toBe(ROUTES.exchange);
  });

  it.each([ROUTES.signIn, ROUTES.signUp, EMPTY_EMAIL_ROUTE])(
    "%s sends a signed-in customer with nothing owed home",
    async (path) => {
      installFakeConfigService();
      const { router } = renderApp(path);
      await landsOn(router, ROUTES.home);
      expect(await screen.findByRole("heading", { level: 1, name: "Home" })).not.toBeNull();
    },
  );

  it("/sign-in sends a signed-in customer who owes a step to that step", async () => {
    installFakeConfigService(withProfile({ residenceStreet: undefined }));
    const { router } = renderApp(ROUTES.signIn);
    await landsOn(router, ROUTES.verification);
  });

  it("a signed-out visitor keeps /sign-in and /sign-up", async () => {
    installFakeConfigService();
    const { router } = renderApp(ROUTES.signUp, { signedIn: false });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign up" })).not.toBeNull();
    expect(router.state.location.pathname).toBe(ROUTES.signUp);
  });
});
