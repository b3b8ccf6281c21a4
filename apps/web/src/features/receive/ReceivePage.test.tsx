import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { historyOperation } from "../../test/fake-history.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

const pendingDeposit = historyOperation({
  type: "RECEIVE_CRYPTO",
  direction: "IN",
  status: "PENDING",
  operationStatus: "PENDING",
  amount: "0.00500000",
  currency: "BTC",
  receiveCryptoModel: {
    fromAddress: null,
    toAddress: null,
    amount: { value: "0.00500000", currency: "BTC" },
    txHash: "abc",
    network: "BTC",
    confirmations: 1,
    requiredConfirmations: 2,
    internal: false,
    explorerUrl: null,
  },
});

describe("/top-up/receive", () => {
  it("shows the address with a QR code, copies it, and lists pending deposits", async () => {
    const fake = installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v1/catalog/currencies": () =>
        jsonResponse(200, {
          data: [
            { code: "BTC", name: "Bitcoin", scale: 8, type: "crypto", networks: ["BTC"], features: [] },
            { code: "USDT", name: "Tether USD", scale: 6, type: "crypto", networks: ["ERC20"], features: [] },
            { code: "ETH", name: "Ether", scale: 18, type: "crypto", networks: ["ERC20"], features: [] },
            { code: "EUR", name: "Euro", scale: 2, type: "fiat", networks: [], features: [] },
          ],
        }),
      "POST /v2/wallets": () => jsonResponse(201, wallets()),
      "GET /v2/history/operations": () =>
        jsonResponse(200, { operations: [pendingDeposit], offset: 0, size: 50, total: 1, snapshotAt: "x" }),
    });
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderApp("/top-up/receive");

    expect(await screen.findByText("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).not.toBeNull();
    const qr = await screen.findByRole("img", { name: "QR code of your BTC address" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText(/credited after 2 network confirmations/)).not.toBeNull();
    expect(await screen.findByText("1 of 2 confirmations")).not.toBeNull();
    expect(screen.getByText("0.00500000 BTC")).not.toBeNull();
    const query = new URL(fake.find("GET", "/v2/history/operations")[0]?.url ?? "").searchParams;
    expect(query.get("typeFilter")).toBe("RECEIVE_CRYPTO");
    expect(query.get("currencyFilter")).toBe("BTC");

    // A currency offered on a network without a wallet yet gets one, so it has an address.
    expect(await fake.find("POST", "/v2/wallets")[0]?.json()).toEqual({ currencies: ["ETH"] });

    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    expect(await screen.findByRole("button", { name: "Copied" })).not.toBeNull();

    await user.selectOptions(screen.getByLabelText("Currency"), "USDT");
    expect(await screen.findByText("0x52908400098527886E0F7030069857D2E4169EE7")).not.toBeNull();
    expect(screen.getByText(/on the Ethereum \(ERC-20\) network/)).not.toBeNull();
  });
  it("keeps a deposit it saw pending in sight once confirmed, marked credited", async () => {
    let confirmed = false;
    const completed = { ...pendingDeposit, status: "COMPLETED" as const, operationStatus: "COMPLETED" };
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v1/catalog/currencies": () =>
        jsonResponse(200, {
          data: [{ code: "BTC", name: "Bitcoin", scale: 8, type: "crypto", networks: ["BTC"], features: [] }],
        }),
      "GET /v2/history/operations": () =>
        jsonResponse(200, {
          operations: [confirmed ? completed : pendingDeposit],
          offset: 0,
          size: 50,
          total: 1,
          snapshotAt: "x",
        }),
    });
    const { services } = renderApp("/top-up/receive");
    expect(await screen.findByText("1 of 2 confirmations")).not.toBeNull();
    expect(screen.queryByText("Credited to your wallet")).toBeNull();
    confirmed = true;
    await services.queryClient.invalidateQueries();
    expect(await screen.findByText("Credited to your wallet")).not.toBeNull();
    expect(screen.queryByText("1 of 2 confirmations")).toBeNull();
    expect(screen.getByRole("region", { name: "Credited deposits" }).textContent).toContain("0.00500000 BTC");
  });

  it("lists a deposit the chain confirmed before this screen saw it pending as credited", async () => {
    const completed = { ...pendingDeposit, status: "COMPLETED" as const, operationStatus: "COMPLETED" };
    const fake = installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v1/catalog/currencies": () =>
        jsonResponse(200, {
          data: [{ code: "BTC", name: "Bitcoin", scale: 8, type: "crypto", networks: ["BTC"], features: [] }],
        }),
      "GET /v2/history/operations": () =>
        jsonResponse(200, { operations: [completed], offset: 0, size: 5, total: 1, snapshotAt: "x" }),
    });
    renderApp("/top-up/receive");
    const credited = await screen.findByRole("region", { name: "Credited deposits" });
    expect(credited.textContent).toContain("0.00500000 BTC");
    expect(credited.textContent).toContain("Credited to your wallet");
    expect(screen.queryByRole("region", { name: "Pending deposits" })).toBeNull();
    const query = new URL(fake.find("GET", "/v2/history/operations")[0]?.url ?? "").searchParams;
    expect(query.get("size")).toBe("5");
  });
});
