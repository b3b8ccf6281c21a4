import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { installFakeAccounts, jsonResponse, phoneCountries } from "../../test/fake-accounts.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

// The phone number library's download (lib/phone/phone-number.ts imports it on first use), held
// by the test: it fails, or waits until the test lets it through.
const download = vi.hoisted(() => {
  let release: () => void = () => undefined;
  return {
    next: "fail" as "fail" | "wait",
    arrived: Promise.resolve(),
    hold() {
      this.arrived = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
  };
});
vi.mock("../../lib/phone/phone-library.ts", async (importOriginal) => {
  if (download.next === "fail") throw new Error("Failed to fetch dynamically imported module");
  await download.arrived;
  return importOriginal();
});

const FEE = {
  fee: "0.000000",
  networkFee: "0.000000",
  transactionFee: "0.000000",
  fixFee: "0.000000",
  sourceCurrency: "USDT",
  transactionType: "INTERNAL",
  transactionAvailability: true,
};

describe("/send/phone while the phone number check is not there", () => {
  it("says so when it fails to load, and Continue waits for it on the next press", async () => {
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v1/catalog/countries": phoneCountries,
      "GET /v1/wallet/send/fee/USDT": () => jsonResponse(200, FEE),
    });
    renderApp("/send/phone");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Currency"), "USDT");
    await user.type(screen.getByLabelText("Amount"), "10");
    await user.type(screen.getByLabelText("Recipient's phone number"), "0151 23456789");

    // Offline: Continue says why nothing happens, and how to go on.
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByText(
        "We couldn't load the phone number check. Check your connection, then press Continue to try again.",
      ),
    ).not.toBeNull();
    expect(screen.queryByRole("region", { name: "Confirm the send" })).toBeNull();

    // Back online but slow: one press is enough; the confirmation comes once the check is there.
    download.next = "wait";
    download.hold();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("button", { name: "Checking…" })).not.toBeNull();
    expect(screen.queryByRole("region", { name: "Confirm the send" })).toBeNull();
    download.release();
    const summary = within(await screen.findByRole("region", { name: "Confirm the send" }));
    expect(summary.getByText(/\+49\s1512\s3456789/)).not.toBeNull();
  });
});
