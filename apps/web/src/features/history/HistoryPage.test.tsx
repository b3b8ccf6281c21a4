import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { historyOperation } from "../../test/fake-history.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

const operations = Array.from({ length: 25 }, (_, i) =>
  historyOperation({
    operationId: `7f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e${String(i).padStart(2, "0")}`,
    amount: `${i + 1}.00`,
  }),
);

function page(request: Request) {
  const query = new URL(request.url).searchParams;
  const offset = Number(query.get("offset") ?? 0);
  const size = Number(query.get("size") ?? 50);
  const type = query.get("typeFilter");
  const matching = type ? operations.filter((op) => op.type === type) : operations;
  return jsonResponse(200, {
    operations: matching.slice(offset, offset + size),
    offset,
    size,
    total: matching.length,
    snapshotAt: "2026-11-20T12:00:00.000Z",
  });
}

describe("/history", () => {
  it("lists pages of 20 in one snapshot, opens details, filters by type and exports CSV", async () => {
    const fake = installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v2/history/operations": page,
    });
    const user = userEvent.setup();
    renderApp("/history");
    expect(await screen.findByText("20 of 25")).not.toBeNull();
    expect(screen.getAllByRole("button", { name: /^Sent by phone/ })).toHaveLength(20);
    expect(screen.getByText("−1.00 USDT")).not.toBeNull();

    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByText("25 of 25")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    const second = new URL(fake.find("GET", "/v2/history/operations")[1]?.url ?? "").searchParams;
    expect(second.get("offset")).toBe("20");
    expect(second.get("size")).toBe("20");
    expect(second.get("snapshotAt")).toBe("2026-11-20T12:00:00.000Z");

    await user.click(screen.getByRole("button", { name: /−25\.00 USDT/ }));
    const details = within(await screen.findByRole("dialog", { name: "Sent by phone" }));
    expect(details.getByText("25.00 USDT")).not.toBeNull();
    expect(details.getByText("+49 *** 78")).not.toBeNull();
    await user.keyboard("{Escape}");

    let blob: Blob | undefined;
    vi.spyOn(URL, "createObjectURL").mockImplementation((value) => {
      blob = value as Blob;
      return "blob:history";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    const lines = (await blob?.text())?.trim().split("\r\n") ?? [];
    expect(lines).toHaveLength(26);
    expect(lines[1]).toContain(",1.00,USDT,");

    await user.selectOptions(screen.getByLabelText("Type"), "RECEIVE_CRYPTO");
    expect(await screen.findByText("No operations yet.")).not.toBeNull();
    await waitFor(() => {
      const last = fake.find("GET", "/v2/history/operations").at(-1);
      expect(new URL(last?.url ?? "").searchParams.get("typeFilter")).toBe("RECEIVE_CRYPTO");
    });
  });
});
