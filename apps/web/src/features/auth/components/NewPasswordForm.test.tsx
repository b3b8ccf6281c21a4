import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { installFakeConfigService } from "../../../test/fake-config-service.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { NewPasswordForm } from "./NewPasswordForm.tsx";

describe("new password form (password reset step 3)", () => {
  it("applies the password rules and sends only a matching pair", async () => {
    installFakeConfigService();
    const onSubmit = vi.fn(async (_password: string) => undefined);
    renderWithProviders(<NewPasswordForm onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const save = screen.getByRole("button", { name: "Save password" });

    await user.type(screen.getByLabelText("New password"), "nodigits");
    await user.click(save);
    expect(await screen.findByText("Password must contain at least one digit.")).not.toBeNull();

    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "new1pass");
    await user.type(screen.getByLabelText("Confirm password"), "new1pas");
    await user.click(save);
    expect(await screen.findByText("Passwords don't match.")).not.toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Confirm password"), "s");
    await user.click(save);
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith("new1pass"));
  });

  it("shows and hides the password on request", async () => {
    installFakeConfigService();
    renderWithProviders(<NewPasswordForm onSubmit={vi.fn()} />);
    const user = userEvent.setup();
    const field = screen.getByLabelText("New password") as HTMLInputElement;
    expect(field.type).toBe("password");
    await user.click(screen.getByRole("button", { name: "Show new password" }));
    expect(field.type).toBe("text");
  });
});
