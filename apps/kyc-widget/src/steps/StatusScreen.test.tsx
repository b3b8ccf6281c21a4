import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { KycApi, KycData } from "../api/kyc-api.ts";
import { StatusScreen } from "./StatusScreen.tsx";

const data = (status: KycData["kyc1ClientData"]["status"], retryAllowed = false): KycData => ({
  kycLevel: "KYC_0",
  status: status === "DENIED" ? "ACTION_NEEDED" : "IN_PROGRESS",
  kyc1ClientData: { status, reason: null, rejectFormattedMessage: null, retryAllowed },
});

/** An api whose every poll waits until the test answers it. */
function pendingApi() {
  const answers: Array<(d: KycData) => void> = [];
  const api = {
    getData: () => new Promise<KycData>((resolve) => answers.push(resolve)),
  } as unknown as KycApi;
  return { api, answers };
}

describe("StatusScreen", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("asks the server every 3 seconds while in review and hands over the answer", async () => {
    const { api, answers } = pendingApi();
    const onUpdate = vi.fn();
    render(
      <StatusScreen
        data={data("UNDER_REVIEW")}
        api={api}
        onUpdate={onUpdate}
        onRetry={() => {}}
        onError={() => {}}
      />,
    );
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(answers).toHaveLength(1);
    await act(async () => answers[0]?.(data("DENIED", true)));
    expect(onUpdate).toHaveBeenCalledWith(data("DENIED", true));
  });

  it("drops a poll's answer that arrives after the screen is gone (the customer moved on)", async () => {
    const { api, answers } = pendingApi();
    const onUpdate = vi.fn();
    const onError = vi.fn();
    const screen = render(
      <StatusScreen
        data={data("UNDER_REVIEW")}
        api={api}
        onUpdate={onUpdate}
        onRetry={() => {}}
        onError={onError}
      />,
    );
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(answers).toHaveLength(1);
    screen.unmount(); // "Try again" took the customer back to the steps
    await act(async () => answers[0]?.(data("DENIED", true)));
    expect(onUpdate).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it("stops polling once decided, and ignores a poll answered late", async () => {
    const { api, answers } = pendingApi();
    const onUpdate = vi.fn();
    const props = { api, onUpdate, onRetry: () => {}, onError: () => {} };
    const screen = render(<StatusScreen data={data("UNDER_REVIEW")} {...props} />);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    screen.rerender(<StatusScreen data={data("DENIED", true)} {...props} />);
    await act(async () => answers[0]?.(data("DENIED", true)));
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(answers).toHaveLength(1);
    expect(onUpdate).not.toHaveBeenCalled();
  });
});
