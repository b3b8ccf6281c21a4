import { createHmac } from "node:crypto";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  errorResponse,
  installFakeAccounts,
  jsonResponse,
  phoneCountries,
  tokens,
} from "../../test/fake-accounts.ts";
import { defaultWorld } from "../../test/fake-config-service.ts";
import { renderApp } from "../../test/render.tsx";

const PHONE = "4915123456789";

async function fillSignIn(user: ReturnType<typeof userEvent.setup>, password = "secret1") {
  await user.type(await screen.findByLabelText("Phone number"), "0151 23456789");
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("sign-in", () => {
  it("sends a signed-out visitor of a protected page to /sign-in", async () => {
    installFakeAccounts({});
    const { router } = renderApp("/exchange", { signedIn: false });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).not.toBeNull();
    expect(router.state.location.pathname).toBe("/sign-in");
  });

  it("confirms a new device by SMS code, signs the call, then follows the redirect rules", async () => {
    const world = defaultWorld();
    world.session = "none";
    world.profile = { ...world.profile, email: undefined };
    const fake = installFakeAccounts(
      {
        "GET /v1/catalog/countries": phoneCountries,
        "POST /oauth/token": (request) =>
          request.headers.get("x-confirmation-code") === "4321"
            ? tokens()
            : errorResponse(403, "DEVICE_CONFIRMATION_REQUIRED", "We sent a code to your phone."),
      },
      world,
    );
    const user = userEvent.setup();
    const { router } = renderApp("/sign-in", { signedIn: false });
    await fillSignIn(user);

    expect(await screen.findByRole("heading", { name: "Confirm this device" })).not.toBeNull();
    expect(screen.getByText(/We sent a 4-digit code to \+49\s1512\s3456789/)).not.toBeNull();
    await user.keyboard("4321");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(router.state.location.search).toBe("?isEmptyEmail=yes"));
    expect(router.state.location.pathname).toBe("/sign-up");

    const [first, second] = fake.find("POST", "/oauth/token");
    const form = new URLSearchParams(await second?.text());
    expect(Object.fromEntries(form)).toEqual({
      grant_type: "mobile_phone",
      number: PHONE,
      password: "secret1",
    });
    expect(second?.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(second?.headers.get("x-merchant-id")).toBe(world.merchant.merchantBackendId);
    expect(second?.headers.get("x-deviceid")).toBe(first?.headers.get("x-deviceid"));
    const fingerprint = second?.headers.get("x-fingerprint") ?? "";
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // The server's scheme (docs/accounts.md): hex HMAC-SHA256 over fingerprint + phone + password.
    const expected = createHmac("sha256", world.merchant.requestSigningKey)
      .update(`${fingerprint}${PHONE}secret1`)
      .digest("hex");
    expect(second?.headers.get("x-signature")).toBe(expected);
    // The profile was read with the new token.
    expect(fake.find("GET", "/v2/customer/profile")[0]?.headers.get("authorization")).toBe(
      "Bearer test-access",
    );
  });

  it("shows a wrong password's message and does not mistake its 401 for an expired session", async () => {
    const world = defaultWorld();
    world.session = "none";
    const fake = installFakeAccounts(
      {
        "GET /v1/catalog/countries": phoneCountries,
        "POST /oauth/token": () =>
          errorResponse(401, "WRONG_LOGIN_OR_PASSWORD_EXCEPTION", "Wrong phone number or password."),
      },
      world,
    );
    const user = userEvent.setup();
    renderApp("/sign-in", { signedIn: false });
    await fillSignIn(user, "wrong1");
    expect((await screen.findByRole("alert")).textContent).toContain("Wrong phone number or password.");
    expect(fake.find("POST", "/oauth/token")).toHaveLength(1);
  });

  it("says when to try again after too many attempts (429 Retry-After)", async () => {
    const world = defaultWorld();
    world.session = "none";
    installFakeAccounts(
      {
        "GET /v1/catalog/countries": phoneCountries,
        "POST /oauth/token": () =>
          jsonResponse(
            429,
            { error: "SIGN_IN_LOCKED", errorId: 3, message: "Too many failed attempts.", requestId: "r" },
            { "retry-after": "900" },
          ),
      },
      world,
    );
    const user = userEvent.setup();
    renderApp("/sign-in", { signedIn: false });
    await fillSignIn(user);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Too many failed attempts.");
    expect(alert.textContent).toContain("You can try again in 15:00.");
  });

  it("signs out from the profile menu: the server ends the session, the visitor lands on /sign-in", async () => {
    const fake = installFakeAccounts({ "POST /signout": () => jsonResponse(200, { result: "OK" }) });
    const user = userEvent.setup();
    const { router } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Profile" }));
    await user.click(screen.getByRole("menuitem", { name: "Sign out" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/sign-in"));
    const [signOut] = fake.find("POST", "/signout");
    expect(signOut?.headers.get("authorization")).toBe("Bearer test-access");
    expect(signOut?.headers.get("x-deviceid")).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem("kestrel.signedIn")).toBeNull();
  });
});
