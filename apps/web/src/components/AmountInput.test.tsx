import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { AmountInput } from "./AmountInput.tsx";

function Harness({
  alternate,
  error,
  onValue,
}: {
  alternate?: boolean;
  error?: string;
  onValue?: (value: string) => void;
}) {
  const [value, setValue] = useState("");
  return (
    <AmountInput
      label="Amount"
      suffix="BTC"
      alternate={alternate}
      error={error}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const field = () => screen.getByRole<HTMLInputElement>("textbox", { name: "Amount" });

describe("AmountInput", () => {
  it("is labelled and brings up the decimal keypad", () => {
    renderWithProviders(<Harness />);
    expect(field().inputMode).toBe("decimal");
  });

  it("stops at 9 integer digits", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(field(), "1234567890");
    expect(field().value).toBe("123456789");
  });

  it("stops at 8 decimals, or 6 in the alternate mode", async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Harness />);
    await user.type(field(), "1.1234567899");
    expect(field().value).toBe("1.12345678");
    unmount();
    renderWithProviders(<Harness alternate />);
    await user.type(field(), "1.1234567899");
    expect(field().value).toBe("1.123456");
  });

  it("refuses a second zero at the start", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(field(), "00");
    expect(field().value).toBe("0");
  });

  it("turns a leading '.' into '0.'", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(field(), ".5");
    expect(field().value).toBe("0.5");
  });

  it("hands the parent a string, never a number", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    await user.type(field(), "0.1");
    expect(onValue).toHaveBeenLastCalledWith("0.1");
    expect(typeof onValue.mock.lastCall?.[0]).toBe("string");
  });

  it("ignores letters", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(field(), "1a2");
    expect(field().value).toBe("12");
  });

  it("marks itself invalid and is described by its error when it has one", () => {
    renderWithProviders(<Harness error="Not enough funds" />);
    expect(field().getAttribute("aria-invalid")).toBe("true");
    const describedBy = field().getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("Not enough funds");
  });

  it("is neither invalid nor described without an error", () => {
    renderWithProviders(<Harness />);
    expect(field().hasAttribute("aria-invalid")).toBe(false);
    expect(field().hasAttribute("aria-describedby")).toBe(false);
  });
});
