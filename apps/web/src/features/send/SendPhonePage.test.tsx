import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  errorResponse,
  installFakeAccounts,
  jsonResponse,
  phoneCountries,
  tokens,
} from "../../test/fake-accounts.ts";
import { wallets } from "../../test/fake-wallets.ts";
import { renderApp } from "../../test/render.tsx";

const FEE = {
  fee: "0.000000",
  networkFee: "0.000000",
  transactionFee: "0.000000",
  fixFee: "0.000000",
  sourceCurrency: "USDT",
  transactionType: "INTERNAL",
  transactionAvailability: true,
};

const RESULT = {
  txId: "7f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e3f",
  sequenceId: "8f1c1a52-46a4-4d3a-9d7e-0a4c7c1d2e3f",
  fee: "0.000000",
  internal: true,
  sendConfirmation: true,
  amount: "10.000000",
  currency: "USDT",
  recipient: "+49 *** 89",
  status: "COMPLETED",
  createdAt: "2026-11-20T10:15:00.000Z",
};

async function fillAndConfirm() {
  renderApp("/send/phone");
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText("Currency"), "USDT");
  await user.type(screen.getByLabelText("Amount"), "10");
  await user.type(screen.getByLabelText("Recipient's phone number"), "0151 23456789");
  expect(await screen.findByText("0.00 USDT")).not.toBeNull();
  await user.click(screen.getByRole("button", { name: "Continue" }));
  const summary = within(await screen.findByRole("region", { name: "Confirm the send" }));
  expect(summary.getByText(/\+49\s1512\s3456789/)).not.toBeNull();
  expect(summary.getAllByText("10.00 USDT")).toHaveLength(2);
  await user.click(summary.getByRole("button", { name: "Send" }));
  return user;
}

describe("/send/phone", () => {
  it("confirms, asks for the SMS code, repeats with the same key, and shows the result", async () => {
    const fake = installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v1/catalog/countries": phoneCountries,
      "GET /v1/wallet/send/fee/USDT": () => jsonResponse(200, FEE),
      "POST /v1/wallet/send": (request) =>
        request.headers.get("x-confirmation-code") === "1234"
          ? jsonResponse(200, RESULT)
          : errorResponse(403, "SEND_CONFIRMATION_REQUIRED", "Enter the code we sent."),
    });
    const user = await fillAndConfirm();

    expect(await screen.findByRole("heading", { name: "SMS confirmation" })).not.toBeNull();
    await user.keyboard("1234");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    const success = within(await screen.findByRole("dialog", { name: "Sent" }));
    expect(success.getByText("10.00 USDT")).not.toBeNull();
    expect(success.getByText("+49 *** 89")).not.toBeNull();
    expect(success.getByText(/20 November 2026/)).not.toBeNull();

    const [first, second] = fake.find("POST", "/v1/wallet/send");
    const key = first?.headers.get("idempotency-key");
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers.get("idempotency-key")).toBe(key);
    expect(second?.headers.get("x-confirmation-code")).toBe("1234");
    expect(await second?.json()).toEqual({
      currency: "USDT",
      amount: "10.000000",
      fee: "0.000000",
      phone: "4915123456789",
    });
  });

  it("shows a refusal naming the phone at the phone field, and any other in the error modal", async () => {
    let answer = errorResponse(404, "RECIPIENT_NOT_FOUND", "phone: no customer has this number", "phone");
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v1/catalog/countries": phoneCountries,
      "GET /v1/wallet/send/fee/USDT": () => jsonResponse(200, FEE),
      "POST /v1/wallet/send": () => answer,
    });
    const user = await fillAndConfirm();
    expect(await screen.findByText("No customer has this number")).not.toBeNull();

    answer = errorResponse(422, "DAILY_LIMIT", "Your daily limit is reached.");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(await screen.findByRole("button", { name: "Send" }));
    expect(await screen.findByText("Your daily limit is reached.")).not.toBeNull();
  });

  it("tells a customer blocked meanwhile why their send did not go, instead of a bare sign-in page", async () => {
    let refreshes = 0;
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v1/catalog/countries": phoneCountries,
      "GET /v1/wallet/send/fee/USDT": () => jsonResponse(200, FEE),
      // The app's start refreshes; after the block the session is gone and its refresh says why.
      "POST /oauth/token": () =>
        refreshes++ === 0
          ? tokens()
          : errorResponse(403, "ACCOUNT_BLOCKED", "Your account is blocked. Please contact support."),
      "POST /v1/wallet/send": () => errorResponse(401, "INVALID_TOKEN", "Your session has expired."),
    });
    await fillAndConfirm();
    expect(await screen.findByText("Your account is blocked. Please contact support.")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Sign in" })).not.toBeNull();
  });

  it("takes the number in the app's one phone field: calling code and number together, with the country's example", async () => {
    installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v1/catalog/countries": phoneCountries,
    });
    renderApp("/send/phone");
    const number = (await screen.findByLabelText("Recipient's phone number")) as HTMLInputElement;
    const picker = screen.getByRole("combobox", { name: "Country calling code" }) as HTMLSelectElement;
    expect(picker.value).toBe("DE");
    expect(screen.getByText("DE +49")).not.toBeNull();
    // The same field as sign-in's: no second "Country code" box beside the number.
    expect(screen.queryByLabelText("Country code")).toBeNull();
    expect(number.closest(".k-phone")).toBe(picker.closest(".k-phone"));
    await waitFor(() => expect(number.placeholder).toBe("01512 3456789"));
  });

  it("says before the money moves that the phone is not with the merchant yet, then sends with invite", async () => {
    const fake = installFakeAccounts({
      "GET /v3/wallets": () => jsonResponse(200, wallets()),
      "GET /v1/catalog/countries": phoneCountries,
      "GET /v1/wallet/send/fee/USDT": () => jsonResponse(200, { ...FEE, invite: true }),
      "POST /v1/wallet/send": () =>
        jsonResponse(200, {
          ...RESULT,
          status: "PENDING",
          claim: { status: "HELD", expiresAt: "2026-11-27T10:15:00.000Z" },
        }),
    });
    renderApp("/send/phone");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Currency"), "USDT");
    await user.type(screen.getByLabelText("Amount"), "10");
    await user.type(screen.getByLabelText("Recipient's phone number"), "0151 23456789");
    expect(await screen.findByText("0.00 USDT")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const summary = within(await screen.findByRole("region", { name: "Confirm the send" }));
    expect(summary.getByRole("note").textContent).toMatch(
      /^They are not with .* yet: we'll text them an invite\. If they don't join in 7 days, the money comes back to you\.$/,
    );
    expect(fake.find("POST", "/v1/wallet/send")).toHaveLength(0);
    await user.click(summary.getByRole("button", { name: "Send" }));
    const sent = within(await screen.findByRole("dialog", { name: "Invite sent" }));
    expect(sent.getByText(/The money waits for them until 27 November 2026/)).not.toBeNull();
    const [request] = fake.find("POST", "/v1/wallet/send");
    expect(await request?.json()).toMatchObject({ phone: "4915123456789", invite: true });
  });
});
