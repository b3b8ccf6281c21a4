import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { operationsCatalogQueryKey } from "../../lib/operations/operations-catalog.ts";
import type { OperationStatus } from "../../lib/operations/operations-schema.ts";
import { defaultWorld, installFakeConfigService, operation } from "../../test/fake-config-service.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { OperationEntryButton } from "./OperationEntryButton.tsx";

function renderEntry(exchange: OperationStatus) {
  const world = defaultWorld();
  world.operations = [exchange];
  const fetchMock = installFakeConfigService(world);
  const onEnter = vi.fn();
  const view = renderWithProviders(
    <OperationEntryButton operations={["EXCHANGE"]} label="Exchange" onEnter={onEnter} />,
  );
  const catalogLoaded = () =>
    waitFor(() =>
      expect(
        view.services.queryClient.getQueryState(operationsCatalogQueryKey(world.merchant.merchantBackendId))
          ?.status,
      ).toBe("success"),
    );
  return { onEnter, fetchMock, catalogLoaded };
}

const entry = () => screen.getByRole<HTMLButtonElement>("button", { name: "Exchange" });

describe("OperationEntryButton", () => {
  it("starts the operation when the catalog allows it", async () => {
    const user = userEvent.setup();
    const { onEnter, catalogLoaded } = renderEntry(operation("EXCHANGE"));
    await catalogLoaded();
    await user.click(entry());
    expect(onEnter).toHaveBeenCalledOnce();
  });

  it("opens the maintenance modal instead of the operation under MAINTENANCE", async () => {
    const user = userEvent.setup();
    const { onEnter, catalogLoaded } = renderEntry(
      operation("EXCHANGE", { constraint: "MAINTENANCE", reason: "MAINTENANCE" }),
    );
    await catalogLoaded();
    await user.click(entry());
    expect(onEnter).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Taking a quick pit stop" })).not.toBeNull();
  });

  it("is disabled and says why when DISABLED", async () => {
    const { onEnter, catalogLoaded } = renderEntry(
      operation("EXCHANGE", { constraint: "DISABLED", reason: "KYC_REQUIRED" }),
    );
    await catalogLoaded();
    const button = entry();
    expect(button.disabled).toBe(true);
    const reasonId = button.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(reasonId)?.textContent).toBe("Verify your identity to use this");
    expect(button.title).toBe("Verify your identity to use this");
    button.click();
    expect(onEnter).not.toHaveBeenCalled();
  });

  it("is left out when the merchant does not offer the operation (the catalog does not list it)", async () => {
    const { catalogLoaded } = renderEntry(operation("PAYIN_CRYPTO"));
    await catalogLoaded();
    expect(screen.queryByRole("button", { name: "Exchange" })).toBeNull();
  });

  it("asks the catalog with the merchant's id in X-Merchant-ID", async () => {
    const { fetchMock, catalogLoaded } = renderEntry(operation("EXCHANGE"));
    await catalogLoaded();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === "/v2/catalog/operations");
    expect(new Headers(call?.[1]?.headers).get("X-Merchant-ID")).toBe(
      defaultWorld().merchant.merchantBackendId,
    );
  });
});
