import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorResponse, installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { historyOperation } from "../../test/fake-history.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";
import { monthRange } from "./history-files.ts";

const op = historyOperation({ operationId: "7f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e01", amount: "3.00" });
const pdf = () => new Response(new Blob(["%PDF-1.3"]), { headers: { "content-type": "application/pdf" } });

/** Files the app saves; the link's click is held (happy-dom would navigate the window to it). */
function saved() {
  const blobs: Blob[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
  vi.spyOn(URL, "createObjectURL").mockImplementation((value) => {
    blobs.push(value as Blob);
    return "blob:file";
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  return blobs;
}

describe("statements and receipts on /history", () => {
  afterEach(() => vi.restoreAllMocks());

  it("downloads an operation's receipt with the session's token", async () => {
    const fake = installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v2/history/operations": () =>
        jsonResponse(200, {
          operations: [op],
          offset: 0,
          size: 20,
          total: 1,
          snapshotAt: "2026-11-20T12:00:00.000Z",
        }),
      [`GET /v2/history/operations/${op.operationId}/receipt`]: pdf,
    });
    const blobs = saved();
    const user = userEvent.setup();
    renderApp("/history");
    await user.click(await screen.findByRole("button", { name: /−3\.00 USDT/ }));
    const details = within(await screen.findByRole("dialog"));
    await user.click(details.getByRole("button", { name: "Download receipt" }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(await blobs[0]?.text()).toBe("%PDF-1.3");
    const [request] = fake.find("GET", `/v2/history/operations/${op.operationId}/receipt`);
    expect(request?.headers.get("authorization")).toMatch(/^Bearer /);
    await user.keyboard("{Escape}");
  });

  it("asks for a month's statement, and shows a refused range under the field it names", async () => {
    const fake = installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v2/history/operations": () =>
        jsonResponse(200, {
          operations: [],
          offset: 0,
          size: 20,
          total: 0,
          snapshotAt: "2026-11-20T12:00:00.000Z",
        }),
      "GET /v2/statements": (request) =>
        new URL(request.url).searchParams.get("to") === "2026-01-01"
          ? errorResponse(400, "STATEMENT_RANGE_INVALID", "to: must not be before from", "to")
          : pdf(),
    });
    const blobs = saved();
    const user = userEvent.setup();
    renderApp("/history");
    await user.click(await screen.findByRole("button", { name: "Statement" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Statement" }));
    // Month and date inputs take a value as a whole (no typing them key by key in happy-dom).
    fireEvent.change(dialog.getByLabelText("Month"), { target: { value: "2026-02" } });
    await user.click(dialog.getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const query = new URL(fake.find("GET", "/v2/statements")[0]?.url ?? "").searchParams;
    expect([query.get("from"), query.get("to"), query.get("format")]).toEqual([
      "2026-02-01",
      "2026-02-28",
      "pdf",
    ]);

    await user.click(dialog.getByRole("button", { name: "Dates" }));
    fireEvent.change(dialog.getByLabelText("To"), { target: { value: "2026-01-01" } });
    await user.click(dialog.getByRole("button", { name: "Download CSV" }));
    expect(await dialog.findByText("to: must not be before from")).not.toBeNull();
    expect(dialog.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
    expect(blobs).toHaveLength(1);
  });

  it("knows each month's last day", () => {
    expect(monthRange("2024-02")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(monthRange("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
});
