import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { OtpInput, type OtpInputProps } from "./OtpInput.tsx";

type HarnessProps = Partial<Omit<OtpInputProps, "value" | "onChange">> & {
  initial?: string;
  onValue?: (value: string) => void;
};

function Harness({ initial = "", onValue, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <OtpInput
      label="Code"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const boxes = () => screen.getAllByRole<HTMLInputElement>("textbox");
const box = (index: number) => boxes()[index] as HTMLInputElement;
const values = () => boxes().map((b) => b.value);

describe("OtpInput: what each box says", () => {
  it("labels every box with its own position", () => {
    renderWithProviders(<Harness length={4} />);
    expect(boxes().map((b) => b.getAttribute("aria-label"))).toEqual([
      "Character 1 of 4",
      "Character 2 of 4",
      "Character 3 of 4",
      "Character 4 of 4",
    ]);
  });

  it("offers SMS autofill on the first box only", () => {
    renderWithProviders(<Harness />);
    expect(boxes().map((b) => b.autocomplete)).toEqual(["one-time-code", "off", "off", "off", "off", "off"]);
  });

  it("asks for digits with a pattern in numeric types, and not in the text type", () => {
    const { unmount } = renderWithProviders(<Harness type="number" />);
    expect(box(0).getAttribute("pattern")).toBe("[0-9]*");
    unmount();
    renderWithProviders(<Harness type="text" />);
    expect(box(0).hasAttribute("pattern")).toBe(false);
  });

  it("marks every box invalid only when told", () => {
    const { unmount } = renderWithProviders(<Harness invalid />);
    expect(boxes().map((b) => b.getAttribute("aria-invalid"))).toEqual(Array(6).fill("true"));
    unmount();
    renderWithProviders(<Harness invalid={false} />);
    expect(boxes().some((b) => b.hasAttribute("aria-invalid"))).toBe(false);
  });
});

describe("OtpInput: focus", () => {
  it("draws no boxes for length 0, and mounting does not fail", () => {
    renderWithProviders(<Harness length={0} />);
    expect(screen.queryAllByRole("textbox")).toEqual([]);
    expect(screen.getByRole("group", { name: "Code" })).not.toBeNull();
  });

  it("does not take the focus on mount when autoFocus is off", () => {
    renderWithProviders(<Harness autoFocus={false} />);
    expect(boxes()).not.toContain(document.activeElement);
  });

  it("disabled: every box is disabled and none takes the focus on mount", () => {
    renderWithProviders(<Harness disabled />);
    expect(boxes().every((b) => b.disabled)).toBe(true);
    expect(boxes()).not.toContain(document.activeElement);
  });

  it("hands the focus from a box past the first empty one back to that empty box", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="12" />);
    await user.click(box(5));
    expect(document.activeElement).toBe(box(2));
  });

  it("selects a filled box's character on focus, so typing replaces it", () => {
    renderWithProviders(<Harness initial="123" autoFocus={false} />);
    act(() => box(1).focus());
    expect([box(1).selectionStart, box(1).selectionEnd]).toEqual([0, 1]);
  });

  it("ArrowRight moves one box right", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="1234" />);
    await user.click(box(0));
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(box(1));
  });

  it("keeps Backspace and the arrows from also doing the browser's own editing", () => {
    renderWithProviders(<Harness initial="12" />);
    for (const key of ["Backspace", "ArrowLeft", "ArrowRight"]) {
      expect(fireEvent.keyDown(box(1), { key }), key).toBe(false);
    }
  });
});

describe("OtpInput: editing", () => {
  it("Backspace on the first box clears its character", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="1" />);
    await user.click(box(0));
    await user.keyboard("{Backspace}");
    expect(values().join("")).toBe("");
    expect(document.activeElement).toBe(box(0));
  });

  it("Backspace on the empty first box changes nothing", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    await user.keyboard("{Backspace}");
    expect(onValue).not.toHaveBeenCalled();
  });

  it("a keyboard that deletes without a Backspace key still removes the character", () => {
    renderWithProviders(<Harness initial="123" />);
    fireEvent.input(box(1), { target: { value: "" } });
    expect(values().join("")).toBe("13");
  });

  it("a box that kept its old character takes only the new one", () => {
    renderWithProviders(<Harness initial="12" />);
    fireEvent.input(box(0), { target: { value: "15" } });
    expect(values().join("")).toBe("52");
    expect(document.activeElement).toBe(box(1));
  });

  it("in the text type too, a box that kept its old character takes only the new one", () => {
    renderWithProviders(<Harness type="text" initial="ab" />);
    fireEvent.input(box(0), { target: { value: "ax" } });
    expect(values().join("")).toBe("xb");
  });

  it("a whole code autofilled into the filled first box fills every box", () => {
    renderWithProviders(<Harness initial="1" />);
    fireEvent.input(box(0), { target: { value: "123456" } });
    expect(values()).toEqual(["1", "2", "3", "4", "5", "6"]);
  });

  it("a refused character is not reported as a change", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    await user.keyboard("a");
    expect(onValue).not.toHaveBeenCalled();
  });

  it("drops spaces typed into the text type", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness type="text" />);
    await user.keyboard("a b");
    expect(values().join("")).toBe("ab");
  });

  it("never hands the parent more characters than it has boxes", async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    // A value left from a longer code, e.g. when the box count changed.
    renderWithProviders(<Harness initial="12345" length={4} onValue={onValue} />);
    await user.click(box(1));
    await user.keyboard("9");
    expect(onValue).toHaveBeenLastCalledWith("1934");
  });
});

describe("OtpInput: paste", () => {
  const paste = (target: HTMLElement, text: string) =>
    fireEvent.paste(target, { clipboardData: { getData: () => text } });

  it("fills the boxes from the pasted text itself, instead of the browser pasting into one box", () => {
    renderWithProviders(<Harness />);
    expect(paste(box(0), "12 34")).toBe(false);
    expect(values().join("")).toBe("1234");
    expect(document.activeElement).toBe(box(4));
  });

  it("ignores a paste with nothing acceptable in it", () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness initial="12" onValue={onValue} />);
    paste(box(2), "abc");
    expect(onValue).not.toHaveBeenCalled();
    expect(values().join("")).toBe("12");
  });
});
