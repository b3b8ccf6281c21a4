import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { installFakeConfigService } from "../../../test/fake-config-service.ts";
import { renderWithProviders } from "../../../test/render.tsx";
import { CodeStep } from "./CodeStep.tsx";

function renderStep(onConfirm = vi.fn(async (_code: string) => undefined)) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  installFakeConfigService();
  const onResend = vi.fn(async () => undefined);
  renderWithProviders(<CodeStep onConfirm={onConfirm} onResend={onResend} />);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { user, onConfirm, onResend };
}

const boxes = () => screen.getAllByRole("textbox") as HTMLInputElement[];
const confirm = () => screen.getByRole("button", { name: "Confirm" }) as HTMLButtonElement;

describe("SMS code step (spec §5, §8)", () => {
  it("keeps Confirm disabled until all 4 digits are in", async () => {
    const { user, onConfirm } = renderStep();
    expect(boxes()).toHaveLength(4);
    expect(confirm().disabled).toBe(true);
    await user.keyboard("123");
    expect(confirm().disabled).toBe(true);
    await user.keyboard("4");
    expect(confirm().disabled).toBe(false);
    await user.click(confirm());
    expect(onConfirm).toHaveBeenCalledWith("1234");
  });

  it("clears the field and shows the server's message on a wrong code", async () => {
    const { user } = renderStep(
      vi.fn(async () => {
        throw new Error("The code is incorrect.");
      }),
    );
    await user.keyboard("9999");
    await user.click(confirm());
    expect((await screen.findByRole("alert")).textContent).toContain("The code is incorrect.");
    expect(boxes().map((box) => box.value)).toEqual(["", "", "", ""]);
    expect(confirm().disabled).toBe(true);
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it("offers a new code only after the 60-second countdown, shown as mm:ss", async () => {
    const { user, onResend } = renderStep();
    expect(screen.getByText("Resend code in 01:00")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Resend code" })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByText("Resend code in 00:01")).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Resend code in 01:00")).not.toBeNull();
    expect(screen.getByText("We sent you a new code.")).not.toBeNull();
  });
});
