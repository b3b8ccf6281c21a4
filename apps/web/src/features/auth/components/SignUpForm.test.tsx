import { ApiError } from "@kestrel/api-client";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { GERMANY } from "../../../test/fake-accounts.ts";
import { installFakeConfigService } from "../../../test/fake-config-service.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { SignUpForm } from "./SignUpForm.tsx";

function renderForm() {
  installFakeConfigService();
  const onSubmit = vi.fn(async () => undefined);
  renderWithProviders(
    <SignUpForm
      countries={[GERMANY]}
      defaultCountry="DE"
      captcha={{ status: "idle", progress: 0 }}
      onStart={() => undefined}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole("button", { name: "Create account" }));

describe("sign-up form (spec §5)", () => {
  it("asks for a valid phone, a password and the terms, naming each field", async () => {
    const { user, onSubmit } = renderForm();
    await submit(user);
    expect(await screen.findByText(/Phone number is not valid/)).not.toBeNull();
    expect(screen.getByText("Password must be at least 6 characters long.")).not.toBeNull();
    expect(screen.getByText("Please accept the terms to continue.")).not.toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a password shorter than 6 characters", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Password"), "abc12");
    await submit(user);
    expect(await screen.findByText("Password must be at least 6 characters long.")).not.toBeNull();
  });

  it("refuses a password without a digit", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Password"), "abcdefgh");
    await submit(user);
    expect(await screen.findByText("Password must contain at least one digit.")).not.toBeNull();
  });

  it("refuses a confirmation that does not match, at the confirmation field", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.type(screen.getByLabelText("Confirm password"), "secret2");
    await submit(user);
    const message = await screen.findByText("Passwords don't match.");
    expect(screen.getByLabelText("Confirm password").getAttribute("aria-describedby")).toContain(message.id);
    expect(screen.queryByText(/Password must/)).toBeNull();
  });

  it("needs the terms box ticked", async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText("Phone number"), "151 23456789");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.type(screen.getByLabelText("Confirm password"), "secret1");
    await submit(user);
    expect(await screen.findByText("Please accept the terms to continue.")).not.toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(
      screen.getByRole("checkbox", { name: "I have read and agree with the Terms and Conditions" }),
    );
    await submit(user);
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      { country: "DE", phone: "151 23456789", password: "secret1", confirmPassword: "secret1", terms: true },
    ]);
  });

  it("shows a refusal naming the phone at the phone field", async () => {
    const { user, onSubmit } = renderForm();
    onSubmit.mockRejectedValueOnce(
      new ApiError(403, {
        error: "PHONE_PREFIX_BLOCKED_FOR_REGISTRATION",
        message: "Phone numbers of this country cannot be registered.",
        field: "phone",
      }),
    );
    await user.type(screen.getByLabelText("Phone number"), "151 23456789");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.type(screen.getByLabelText("Confirm password"), "secret1");
    await user.click(screen.getByRole("checkbox"));
    await submit(user);
    const message = await screen.findByText("Phone numbers of this country cannot be registered.");
    expect(screen.getByLabelText("Phone number").getAttribute("aria-describedby")).toContain(message.id);
  });
});
