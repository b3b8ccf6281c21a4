import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { Modal, type ModalTone } from "./Modal.tsx";
import {
  forgetModalDialog,
  loadModalDialog,
  loadModalDialogOnFirstInput,
  modalDialogLoaded,
} from "./modal-dialog-loader.ts";

function ModalHarness({
  onBack,
  tone,
  initiallyOpen = true,
  onOpenChange,
}: {
  onBack?: () => void;
  tone?: ModalTone;
  initiallyOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
        title="Example"
        onBack={onBack}
        tone={tone}
      >
        <button type="button">First</button>
        <button type="button">Second</button>
      </Modal>
    </>
  );
}

const dialog = () => screen.queryByRole("dialog");

describe("Modal", () => {
  it("closes on Escape", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ModalHarness />);
    expect(dialog()).not.toBeNull();
    await user.keyboard("{Escape}");
    expect(dialog()).toBeNull();
  });

  it("closes on a click on the overlay", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ModalHarness />);
    await user.click(screen.getByTestId("modal-overlay"));
    expect(dialog()).toBeNull();
  });

  it("closes on its close button", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ModalHarness />);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(dialog()).toBeNull();
  });

  it("closes on any route change", async () => {
    const { router } = renderWithProviders(<ModalHarness />, {
      routes: [{ path: "/elsewhere", element: <p>Elsewhere</p> }],
    });
    expect(dialog()).not.toBeNull();
    await act(() => router.navigate("/elsewhere"));
    expect(screen.getByText("Elsewhere")).not.toBeNull();
    expect(dialog()).toBeNull();
  });

  it("shows its title and names the dialog with it", () => {
    renderWithProviders(<ModalHarness />);
    expect(screen.getByRole("dialog", { name: "Example" })).not.toBeNull();
  });

  it("shows a back button only when asked, and calls it", async () => {
    const user = userEvent.setup();
    const onBack = vi.fn();
    renderWithProviders(<ModalHarness onBack={onBack} />);
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it("has no back button by default", () => {
    renderWithProviders(<ModalHarness />);
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
  });

  it("makes the page behind inert while open and gives it back on close", async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<ModalHarness />);
    await waitFor(() => expect(container.hasAttribute("inert")).toBe(true));
    await user.keyboard("{Escape}");
    expect(container.hasAttribute("inert")).toBe(false);
  });

  it("gives focus back to the button that opened it when it closes on Escape", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ModalHarness initiallyOpen={false} />);
    const opener = screen.getByRole("button", { name: "Open" });
    await user.click(opener);
    await waitFor(() => expect(dialog()?.contains(document.activeElement)).toBe(true));
    await user.keyboard("{Escape}");
    expect(dialog()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("keeps keyboard focus inside the dialog", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ModalHarness />);
    const inside = dialog();
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(inside?.contains(document.activeElement)).toBe(true);
    }
  });

  it("does not report a close on a route change while it is already closed", async () => {
    const onOpenChange = vi.fn();
    const { router } = renderWithProviders(
      <ModalHarness initiallyOpen={false} onOpenChange={onOpenChange} />,
      { routes: [{ path: "/elsewhere", element: <p>Elsewhere</p> }] },
    );
    await act(() => router.navigate("/elsewhere"));
    expect(screen.getByText("Elsewhere")).not.toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("takes the default tone unless given one, for the tone's styles", () => {
    const { unmount } = renderWithProviders(<ModalHarness />);
    expect(dialog()?.className).toBe("k-modal k-modal--default");
    unmount();
    renderWithProviders(<ModalHarness tone="error" />);
    expect(dialog()?.className).toBe("k-modal k-modal--error");
  });

  it("draws the close and back icons, hidden from screen readers", () => {
    renderWithProviders(<ModalHarness onBack={() => undefined} />);
    for (const name of ["Close", "Back"]) {
      const icon = screen.getByRole("button", { name }).querySelector("svg");
      expect(icon?.getAttribute("aria-hidden"), name).toBe("true");
      expect(icon?.querySelector("path"), name).not.toBeNull();
    }
  });
});

// In the app the dialog code (Radix) loads on the first open, not with the page; the test setup
// loads it beforehand for the tests above.
describe("Modal's first open in the app", () => {
  it("loads the dialog code on the first open, not on mount, and gives focus back as usual", async () => {
    forgetModalDialog();
    try {
      const user = userEvent.setup();
      renderWithProviders(<ModalHarness initiallyOpen={false} />);
      const opener = screen.getByRole("button", { name: "Open" });
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(modalDialogLoaded()).toBe(false);
      await user.click(opener);
      expect(await screen.findByRole("dialog", { name: "Example" })).not.toBeNull();
      expect(modalDialogLoaded()).toBe(true);
      await waitFor(() => expect(dialog()?.contains(document.activeElement)).toBe(true));
      await user.keyboard("{Escape}");
      expect(dialog()).toBeNull();
      await waitFor(() => expect(document.activeElement).toBe(opener));
    } finally {
      await loadModalDialog();
    }
  });

  it("starts the download at the visitor's first key or pointer press, once", async () => {
    forgetModalDialog();
    try {
      const target = new EventTarget();
      loadModalDialogOnFirstInput(target);
      expect(modalDialogLoaded()).toBe(false);
      target.dispatchEvent(new Event("keydown"));
      await waitFor(() => expect(modalDialogLoaded()).toBe(true));
      forgetModalDialog();
      target.dispatchEvent(new Event("pointerdown"));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(modalDialogLoaded()).toBe(false);
    } finally {
      await loadModalDialog();
    }
  });
});
