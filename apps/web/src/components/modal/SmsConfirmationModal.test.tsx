import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { SmsConfirmationModal, type SmsConfirmResult } from "./SmsConfirmationModal.tsx";

function renderSms(
  onConfirm: (code: string) => SmsConfirmResult | Promise<SmsConfirmResult>,
  onResend = vi.fn(),
) {
  renderWithProviders(
    <SmsConfirmationModal open onOpenChange={() => {}} onConfirm={onConfirm} onResend={onResend} />,
  );
  return { onResend };
}

const boxes = () => screen.getAllByRole<HTMLInputElement>("textbox");
const confirmButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Confirm" });

describe("SmsConfirmationModal", () => {
  it("has 4 boxes and keeps Confirm disabled until all 4 digits are in", async () => {
    const user = userEvent.setup();
    renderSms(() => ({ ok: true }));
    expect(boxes()).toHaveLength(4);
    expect(confirmButton().disabled).toBe(true);
    await user.keyboard("123");
    expect(confirmButton().disabled).toBe(true);
    await user.keyboard("4");
    expect(confirmButton().disabled).toBe(false);
  });

  it("sends the code and clears the field when the parent says it was wrong", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async (): Promise<SmsConfirmResult> => ({ ok: false, message: "Wrong code" }));
    renderSms(onConfirm);
    await user.keyboard("1234");
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledWith("1234");
    expect(boxes().map((box) => box.value)).toEqual(["", "", "", ""]);
    expect(screen.getByRole("alert").textContent).toBe("Wrong code");
    expect(confirmButton().disabled).toBe(true);
  });

  it("keeps the code when it was right", async () => {
    const user = userEvent.setup();
    renderSms(() => ({ ok: true }));
    await user.keyboard("1234");
    await user.click(confirmButton());
    expect(boxes().map((box) => box.value)).toEqual(["1", "2", "3", "4"]);
  });

  it("counts down 60 s as mm:ss before a new code can be requested", async () => {
    vi.useFakeTimers();
    const { onResend } = renderSms(() => ({ ok: true }));
    expect(screen.getByText("Resend code in 01:00")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText("Resend code in 00:59")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Resend code" })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    fireEvent.click(screen.getByRole("button", { name: "Resend code" }));
    expect(onResend).toHaveBeenCalledOnce();
    expect(screen.getByText("Resend code in 01:00")).not.toBeNull();
  });
});
