import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { OtpInput, type OtpInputType } from "./OtpInput.tsx";

function Harness({
  type,
  length,
  onValue,
}: {
  type?: OtpInputType;
  length?: number;
  onValue?: (v: string) => void;
}) {
  const [value, setValue] = useState("");
  return (
    <OtpInput
      label="Code"
      type={type}
      length={length}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const boxes = () => screen.getAllByRole<HTMLInputElement>("textbox");
const values = () => boxes().map((box) => box.value);

describe("OtpInput", () => {
  it("has 6 labelled boxes by default, with 12 px between them", () => {
    renderWithProviders(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole("textbox", { name: "Character 1 of 6" })).not.toBeNull();
    expect(screen.getByRole("group", { name: "Code" })).not.toBeNull();
    expect(boxes()[0]?.parentElement?.style.gap).toBe("12px");
  });

  it("focuses the first box on mount", () => {
    renderWithProviders(<Harness />);
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it("puts one character per box and moves on as the customer types", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    await user.keyboard("123");
    expect(values()).toEqual(["1", "2", "3", "", "", ""]);
    expect(document.activeElement).toBe(boxes()[3]);
    expect(onValue).toHaveBeenLastCalledWith("123");
  });

  it("fills the boxes from a pasted code, dropping what is not a digit", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.paste("12-34 56");
    expect(values()).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it("Backspace clears the current box, then steps back and clears the previous one", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.keyboard("1234");
    await user.click(boxes()[3] as HTMLInputElement);
    await user.keyboard("{Backspace}");
    // The focused box held "4": it is cleared and keeps the focus.
    expect(values().join("")).toBe("123");
    expect(document.activeElement).toBe(boxes()[3]);
    // Now empty: the next Backspace steps back and clears "3".
    await user.keyboard("{Backspace}");
    expect(values().join("")).toBe("12");
    expect(document.activeElement).toBe(boxes()[2]);
  });

  it("arrow keys move between filled boxes, and typing replaces the character there", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.keyboard("1234");
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard("9");
    expect(values().join("")).toBe("1294");
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    // Stops at the first empty box: a code has no holes.
    expect(document.activeElement).toBe(boxes()[4]);
  });

  it("takes digits only for number and phone types, with the numeric keypad", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness type="phone" />);
    expect(boxes()[0]?.inputMode).toBe("numeric");
    await user.keyboard("a1b");
    expect(values().join("")).toBe("1");
  });

  it("takes letters for the text type", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness type="text" length={4} />);
    expect(boxes()[0]?.inputMode).toBe("text");
    await user.keyboard("aB3");
    expect(values().join("")).toBe("aB3");
  });
});
