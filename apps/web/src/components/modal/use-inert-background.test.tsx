import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { Modal } from "./Modal.tsx";

let setOpen: (open: boolean) => void = () => undefined;

function Harness({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, set] = useState(initiallyOpen);
  setOpen = set;
  return (
    <Modal open={open} onOpenChange={set} title="Example">
      <button type="button">Inside</button>
    </Modal>
  );
}

const inertChildren = () => Array.from(document.body.children).filter((child) => child.hasAttribute("inert"));

afterEach(() => {
  for (const extra of document.body.querySelectorAll("[data-test-extra]")) extra.remove();
});

describe("inert background", () => {
  it("a modal closed before its effects run leaves nothing inert", async () => {
    renderWithProviders(<Harness initiallyOpen={false} />);
    // Both in one go, with no await between: the hook's microtask has not run when it closes.
    act(() => setOpen(true));
    act(() => setOpen(false));
    await act(async () => undefined);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(inertChildren()).toEqual([]);
  });

  it("gives the page back on close when effects run twice (StrictMode)", async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(
      <StrictMode>
        <Harness initiallyOpen={true} />
      </StrictMode>,
    );
    await waitFor(() => expect(container.hasAttribute("inert")).toBe(true));
    await user.keyboard("{Escape}");
    expect(inertChildren()).toEqual([]);
  });

  it("takes Radix's focus guards out of the tab order instead of making them inert", async () => {
    const { container } = renderWithProviders(<Harness initiallyOpen={true} />);
    await waitFor(() => expect(container.hasAttribute("inert")).toBe(true));
    const guards = Array.from(document.body.querySelectorAll(":scope > [data-radix-focus-guard]"));
    expect(guards.length).toBeGreaterThan(0);
    for (const guard of guards) {
      expect(guard.getAttribute("tabindex")).toBe("-1");
      expect(guard.hasAttribute("inert")).toBe(false);
    }
  });

  it("leaves an element that was inert before the modal inert after it", async () => {
    const user = userEvent.setup();
    const before = document.createElement("div");
    before.setAttribute("inert", "");
    before.setAttribute("data-test-extra", "");
    document.body.append(before);
    const { container } = renderWithProviders(<Harness initiallyOpen={true} />);
    await waitFor(() => expect(container.hasAttribute("inert")).toBe(true));
    await user.keyboard("{Escape}");
    expect(container.hasAttribute("inert")).toBe(false);
    expect(before.hasAttribute("inert")).toBe(true);
  });
});
