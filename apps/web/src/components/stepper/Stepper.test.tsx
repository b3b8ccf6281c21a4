import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { Stepper } from "./Stepper.tsx";

const STEPS = ["Card type", "Verification", "Information", "Cardholder", "Address", "Checkout"];

describe("Stepper", () => {
  it("says the step as 'Step n of m' and fills the bar that far", () => {
    renderWithProviders(
      <Stepper steps={STEPS} current={1} progressText="Step 2 of 6" label="Order a card" />,
    );
    const bar = screen.getByRole("progressbar", { name: "Order a card" });
    expect(bar.getAttribute("aria-valuenow")).toBe("2");
    expect(bar.getAttribute("aria-valuemax")).toBe("6");
    expect(bar.getAttribute("aria-valuetext")).toBe("Step 2 of 6");
    expect((bar.firstElementChild as HTMLElement).style.width).toBe(`${(2 / 6) * 100}%`);
    // The names stay listed (for screen readers on a phone), the current one marked.
    const current = screen.getByRole("listitem", { current: "step" });
    expect(current.textContent).toBe("Verification");
  });
});
