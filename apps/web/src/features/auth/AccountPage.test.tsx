import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorResponse, installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { defaultWorld } from "../../test/fake-config-service.ts";
import { renderApp } from "../../test/render.tsx";

const OK = () => jsonResponse(200, { result: "OK" });

describe("/account", () => {
  it("is in the profile menu", async () => {
    installFakeAccounts({});
    const user = userEvent.setup();
    const { router } = renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Profile" }));
    await user.click(screen.getByRole("menuitem", { name: "Password and email" }));
    expect(router.state.location.pathname).toBe("/account");
    expect(await screen.findByRole("heading", { level: 1, name: "Password and email" })).not.toBeNull();
  });

  it("says the email is unconfirmed and resends the confirmation email", async () => {
    const fake = installFakeAccounts({ "POST /v2/mobile/email/verify/resend": OK });
    const user = userEvent.setup();
    renderApp("/account");
    await screen.findByText(/ada@example.com is not confirmed yet/);
    await user.click(screen.getByRole("button", { name: "Resend the confirmation email" }));
    expect(await screen.findByText("We sent a confirmation link to ada@example.com.")).not.toBeNull();
    expect(fake.find("POST", "/v2/mobile/email/verify/resend")).toHaveLength(1);
  });

  it("offers no resend for a confirmed email", async () => {
    const world = defaultWorld();
    world.profile = { ...world.profile, confirmedEmail: true };
    installFakeAccounts({}, world);
    renderApp("/account");
    await screen.findByText("ada@example.com is confirmed.");
    expect(screen.queryByRole("button", { name: "Resend the confirmation email" })).toBeNull();
  });

  it("changes the password with the current one, and shows a wrong current one at its field", async () => {
    let calls = 0;
    const fake = installFakeAccounts({
      "PUT /v2/mobile/password/change": () =>
        ++calls === 1
          ? errorResponse(400, "CURRENT_PASSWORD_WRONG", "The current password is wrong.", "currentPassword")
          : OK(),
    });
    const user = userEvent.setup();
    renderApp("/account");
    await user.type(await screen.findByLabelText("Current password"), "old-pass1");
    await user.type(screen.getByLabelText("New password"), "new-pass2");
    await user.type(screen.getByLabelText("Confirm password"), "new-pass2");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(/current password is wrong/i)).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Your password is changed.")).not.toBeNull();
    const body = await fake.find("PUT", "/v2/mobile/password/change")[1]?.json();
    expect(body).toEqual({ currentPassword: "old-pass1", newPassword: "new-pass2" });
  });
});
