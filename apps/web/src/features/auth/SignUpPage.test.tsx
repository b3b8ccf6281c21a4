import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createChallenge } from "altcha-lib/v1";
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

const ok = () => jsonResponse(200, { result: "OK" });

function signUpWorld(options: { referralRequired?: boolean } = {}) {
  const world = defaultWorld();
  world.session = "none";
  world.merchant.referralCodeRequired = options.referralRequired ?? false;
  return installFakeAccounts(
    {
      "GET /v1/catalog/countries": phoneCountries,
      // A tiny proof of work, so the test solves it at once.
      "GET /api/captcha/challenge": async () =>
        jsonResponse(200, await createChallenge({ hmacKey: "k", maxNumber: 20 })),
      "POST /api/captcha": () => jsonResponse(200, { data: { success: true } }),
      "POST /v2/mobile/signup": ok,
      "POST /v2/mobile/phone/confirm": async (request) =>
        (await request.json()).smsCode === "1234"
          ? tokens()
          : errorResponse(400, "CUSTOMER_SMS_CODE_INCORRECT", "The code is incorrect.", "smsCode"),
      "PUT /v2/mobile/email/add": ok,
      "POST /v1/referral": ok,
    },
    world,
  );
}

async function createAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Phone number"), "151 23456789");
  await user.type(screen.getByLabelText("Password"), "secret1");
  await user.type(screen.getByLabelText("Confirm password"), "secret1");
  await user.click(screen.getByRole("checkbox"));
  await user.click(screen.getByRole("button", { name: "Create account" }));
}

describe("sign-up", () => {
  it("captcha, code, confirmed, email, referral skipped, then /verification", async () => {
    const fake = signUpWorld();
    const user = userEvent.setup();
    const { router } = renderApp("/sign-up", { signedIn: false });
    await createAccount(user);

    expect(await screen.findByRole("heading", { name: "Enter the code" })).not.toBeNull();
    const [verify] = fake.find("POST", "/api/captcha");
    const [signUp] = fake.find("POST", "/v2/mobile/signup");
    const token = new URL(verify?.url ?? "").searchParams.get("token");
    expect(signUp?.headers.get("x-captcha-token")).toBe(token);
    expect(JSON.parse(atob(token ?? ""))).toHaveProperty("number");
    expect(signUp?.headers.get("x-signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(await signUp?.json()).toEqual({ phone: "4915123456789", password: "secret1" });

    await user.keyboard("9999");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The code is incorrect.");
    await user.keyboard("1234");
    await user.click(screen.getByRole("button", { name: "Confirm" }));

    expect(await screen.findByRole("heading", { name: "Phone number confirmed" })).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Add email" }));
    expect(await screen.findByText("We sent a confirmation link to ada@example.com.")).not.toBeNull();
    expect(fake.find("PUT", "/v2/mobile/email/add")[0]?.headers.get("authorization")).toBe(
      "Bearer test-access",
    );

    await user.click(await screen.findByRole("button", { name: "Skip for now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/verification"));
    expect(fake.find("POST", "/v1/referral")).toHaveLength(0);
  });

  it("a merchant that requires a referral code offers no way to skip it", async () => {
    const fake = signUpWorld({ referralRequired: true });
    const user = userEvent.setup();
    const { router } = renderApp("/sign-up", { signedIn: false });
    await createAccount(user);
    await screen.findByRole("heading", { name: "Enter the code" });
    await user.keyboard("1234");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await user.click(await screen.findByRole("button", { name: "Continue" }));
    await user.click(await screen.findByRole("button", { name: "Skip for now" }));

    expect(await screen.findByText("Enter the referral code you received to continue.")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Skip for now" })).toBeNull();
    await user.type(screen.getByLabelText("Referral code"), "friend12");
    await user.click(screen.getByRole("button", { name: "Apply code" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/verification"));
    expect(await fake.find("POST", "/v1/referral")[0]?.json()).toEqual({ code: "FRIEND12" });
  });

  // Issue 47, Deliver 7: the customer sees how far along sign-up is at every step.
  it("shows its steps: step n of 4, from the phone to the referral code", async () => {
    signUpWorld();
    const user = userEvent.setup();
    renderApp("/sign-up", { signedIn: false });
    const step = () => document.querySelector(".k-auth__step")?.textContent;

    await screen.findByLabelText("Phone number");
    expect(step()).toBe("Step 1 of 4");
    await createAccount(user);
    await screen.findByRole("heading", { name: "Enter the code" });
    expect(step()).toBe("Step 2 of 4");
    await user.keyboard("1234");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await screen.findByRole("heading", { name: "Phone number confirmed" });
    expect(step()).toBe("Step 2 of 4");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByLabelText("Email");
    expect(step()).toBe("Step 3 of 4");
    await user.click(screen.getByRole("button", { name: "Skip for now" }));
    await screen.findByRole("heading", { name: "Got a referral code?" });
    expect(step()).toBe("Step 4 of 4");
  });
});
