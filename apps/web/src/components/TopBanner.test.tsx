import { act, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeConfigService } from "../test/fake-config-service.ts";
import { renderWithProviders } from "../test/render.tsx";

const ERROR_DEFAULT =
  "Sorry for inconvenience. We're fixing the issue. If you have urgent questions, contact support";

describe("TopBanner", () => {
  // The error text links 'contact support' when the merchant has a way to be reached.
  beforeEach(() => {
    installFakeConfigService();
  });

  it("shows 'Done!' for a success and hides it after 3000 ms", async () => {
    vi.useFakeTimers();
    const { services } = renderWithProviders(null);
    act(() => services.notifications.show("success"));
    expect(screen.getByText("Done!")).not.toBeNull();
    // Spec §9: 3000 ms, written out so that changing the constant breaks this test.
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.queryByText("Done!")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText("Done!")).toBeNull();
  });

  it("shows the spec's default error text, or the server's message", async () => {
    const { services } = renderWithProviders(null);
    act(() => services.notifications.show("error"));
    expect(screen.getByText(ERROR_DEFAULT)).not.toBeNull();
    act(() => services.notifications.show("error", "Insufficient funds"));
    expect(screen.getByText("Insufficient funds")).not.toBeNull();
  });

  it("gives a replacing notification its own full 3000 ms", async () => {
    vi.useFakeTimers();
    const { services } = renderWithProviders(null);
    act(() => services.notifications.show("success", "First"));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    act(() => services.notifications.show("success", "Second"));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByText("Second")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText("Second")).toBeNull();
  });

  it("is announced through a live region", () => {
    renderWithProviders(null);
    expect(screen.getByRole("status").getAttribute("aria-live")).toBe("polite");
  });

  it("a failed mutation shows the error banner with the response message (spec §8)", async () => {
    const { services } = renderWithProviders(null);
    const mutation = services.queryClient.getMutationCache().build(services.queryClient, {
      mutationFn: async () => {
        throw new Error("Card declined");
      },
    });
    await act(() => mutation.execute(undefined).catch(() => {}));
    expect(screen.getByText("Card declined")).not.toBeNull();
  });
});
