import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";

// keepControlledFields() runs in src/test/setup.ts, as in main.tsx.

function DigitsOnly() {
  const [value, setValue] = useState("");
  return (
    <input
      aria-label="Digits"
      value={value}
      onChange={(event) => {
        if (/^\d*$/.test(event.target.value)) setValue(event.target.value);
      }}
    />
  );
}

function Uncontrolled() {
  return <input aria-label="Free" defaultValue="" />;
}

describe("controlled fields (app/controlled-fields.ts)", () => {
  it("undoes a refused keystroke, as React does", async () => {
    const user = userEvent.setup();
    render(<DigitsOnly />);
    const field = screen.getByRole<HTMLInputElement>("textbox", { name: "Digits" });
    await user.type(field, "1a2b");
    expect(field.value).toBe("12");
  });

  it("keeps the caret where the customer typed an accepted character", async () => {
    const user = userEvent.setup();
    render(<DigitsOnly />);
    const field = screen.getByRole<HTMLInputElement>("textbox", { name: "Digits" });
    await user.type(field, "13");
    await user.type(field, "2", { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(field.value).toBe("123");
    expect(field.selectionStart).toBe(2);
  });

  it("leaves a field without a value prop alone", async () => {
    const user = userEvent.setup();
    render(<Uncontrolled />);
    const field = screen.getByRole<HTMLInputElement>("textbox", { name: "Free" });
    await user.type(field, "a1");
    expect(field.value).toBe("a1");
  });
});
