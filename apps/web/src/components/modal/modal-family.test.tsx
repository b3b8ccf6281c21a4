import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { installFakeConfigService } from "../../test/fake-config-service.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { CancelOrderModal } from "./CancelOrderModal.tsx";
import { ErrorModal } from "./ErrorModal.tsx";
import { IncreaseLimitsModal } from "./IncreaseLimitsModal.tsx";
import { InfoModal } from "./InfoModal.tsx";
import { MaintenanceModal } from "./MaintenanceModal.tsx";
import { PendingModal } from "./PendingModal.tsx";
import { SuccessModal } from "./SuccessModal.tsx";
import { SupportModal } from "./SupportModal.tsx";

const noop = () => {};
const dialog = () => screen.getByRole("dialog");

describe("the modal family's spec texts", () => {
  it("Success is green, shows its optional parts and says 'Done'", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithProviders(
      <SuccessModal
        open
        onOpenChange={onOpenChange}
        date="5 March 2024"
        title="Sent"
        value="0.0012 BTC"
        details="To +49 151 0000000"
        description="The money is on its way."
      />,
    );
    expect(dialog().className).toContain("k-modal--success");
    for (const text of [
      "5 March 2024",
      "Sent",
      "0.0012 BTC",
      "To +49 151 0000000",
      "The money is on its way.",
    ]) {
      expect(screen.getByText(text)).not.toBeNull();
    }
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("Success without a title is still a named dialog", () => {
    renderWithProviders(<SuccessModal open onOpenChange={noop} />);
    expect(screen.getByRole("dialog", { name: "Success" })).not.toBeNull();
  });

  it("Pending is yellow with the title 'Pending'", () => {
    renderWithProviders(<PendingModal open onOpenChange={noop} />);
    expect(dialog().className).toContain("k-modal--pending");
    expect(screen.getByRole("heading", { name: "Pending" })).not.toBeNull();
  });

  it("Error is dark with the default title, message and 'Try again'", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderWithProviders(<ErrorModal open onOpenChange={noop} onRetry={onRetry} />);
    expect(dialog().className).toContain("k-modal--error");
    expect(screen.getByRole("heading", { name: "Something went wrong" })).not.toBeNull();
    expect(screen.getByText("We couldn't process your request. Please try again.")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("Error shows the server's message when given one", () => {
    renderWithProviders(<ErrorModal open onOpenChange={noop} message="KYC provider unavailable" />);
    expect(screen.getByText("KYC provider unavailable")).not.toBeNull();
  });

  it("Maintenance says 'Taking a quick pit stop' and closes on 'Got it'", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithProviders(<MaintenanceModal open onOpenChange={onOpenChange} />);
    expect(screen.getByRole("dialog", { name: "Taking a quick pit stop" })).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Got it" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("Increase limits says verification is mobile only", () => {
    renderWithProviders(<IncreaseLimitsModal open onOpenChange={noop} />);
    expect(screen.getByText("Mobile only: Verification is available only in the mobile app.")).not.toBeNull();
  });

  it("Support says 'Uh-oh!' with 'Contact support' (components/support/contact-support.test.tsx)", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    installFakeConfigService();
    renderWithProviders(<SupportModal open onOpenChange={onOpenChange} />);
    expect(screen.getByRole("dialog", { name: "Uh-oh!" })).not.toBeNull();
    // A merchant without a chat, an address or a page: the button closes.
    await user.click(screen.getByRole("button", { name: "Contact support" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("Cancel order asks first: 'Nope, continue' closes, 'Cancel order' confirms", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const onConfirmCancel = vi.fn();
    renderWithProviders(
      <CancelOrderModal open onOpenChange={onOpenChange} onConfirmCancel={onConfirmCancel} />,
    );
    expect(
      screen.getByRole("dialog", { name: "Are you sure you want to cancel your order?" }),
    ).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Nope, continue" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirmCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Cancel order" }));
    expect(onConfirmCancel).toHaveBeenCalledOnce();
  });

  it("Info shows its title, text and optional action", () => {
    renderWithProviders(
      <InfoModal open onOpenChange={noop} title="Limits" actionText="OK">
        Daily limit applies.
      </InfoModal>,
    );
    expect(screen.getByRole("dialog", { name: "Limits" })).not.toBeNull();
    expect(screen.getByText("Daily limit applies.")).not.toBeNull();
    expect(screen.getByRole("button", { name: "OK" })).not.toBeNull();
  });
});
