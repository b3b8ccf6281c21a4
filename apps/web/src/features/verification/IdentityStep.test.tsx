import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorResponse, type Handler, installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { defaultWorld } from "../../test/fake-config-service.ts";
import { renderApp } from "../../test/render.tsx";
import type { KycData } from "./kyc/verification-rule.ts";
import { COMPLETE, clientData, kycData } from "./testing/fake-kyc.ts";

/** /verification for a customer with a complete profile, the KYC data answered by `data()`. */
function openIdentityStep(data: () => KycData, handlers: Record<string, Handler> = {}) {
  const world = defaultWorld();
  world.profile = { ...world.profile, ...COMPLETE };
  const fake = installFakeAccounts(
    { "GET /v2/customer/kyc/data": () => jsonResponse(200, data()), ...handlers },
    world,
  );
  renderApp("/verification");
  return fake;
}

const dialog = () => screen.findByRole("dialog");

describe("/verification, identity step (spec §4's rule)", () => {
  it("KYC_0: opens the widget with a token from /v5/kyc/start; its submission shows 'under review'", async () => {
    let data = kycData();
    const fake = openIdentityStep(() => data, {
      "POST /v5/kyc/start": () =>
        jsonResponse(200, { data: { token: "widget-token", expiresIn: 600, level: "KYC_2" } }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText("Not verified yet")).not.toBeNull();
    // Issue 47: a level's name, not "Level 0", and what takes the customer to the next one.
    expect(screen.getByTestId("kyc-level").textContent).toBe("Basic");
    expect(screen.getByText(/moves you from Basic to Verified/)).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Verify your identity" }));

    const frame = within(await dialog()).getByTitle("Identity verification") as HTMLIFrameElement;
    expect(frame.src).toMatch(/^http:\/\/localhost(:\d+)?\/embed\/kyc\/v1\/\?hostOrigin=/);
    expect(fake.find("POST", "/v5/kyc/start")).toHaveLength(1);

    // The widget sends the documents: the page sees the submission in the KYC data.
    data = kycData({ status: "IN_PROGRESS", kyc1ClientData: clientData("UNDER_REVIEW") });
    const pending = await screen.findByRole(
      "dialog",
      { name: "Your request is under review" },
      { timeout: 5000 },
    );
    expect(within(pending).getByText(/send a confirmation to ada@example.com/)).not.toBeNull();
    expect(screen.queryByTitle("Identity verification")).toBeNull();
    await user.click(within(pending).getByRole("button", { name: "Done" }));
    expect(await screen.findByText("In review")).not.toBeNull();
  });

  it("a failed KYC start: the error modal with the server's message", async () => {
    openIdentityStep(() => kycData(), {
      "POST /v5/kyc/start": () => errorResponse(409, "PROFILE_INCOMPLETE", "Complete your profile first."),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Verify your identity" }));
    const error = await screen.findByRole("dialog", { name: "Something went wrong" });
    expect(within(error).getByText("Complete your profile first.")).not.toBeNull();
  });

  it("KYC_2: submits the limit increase (kyc3/start) and says the team will get in touch", async () => {
    const fake = openIdentityStep(
      () =>
        kycData({
          kycLevel: "KYC_2",
          status: "APPROVED",
          kyc1ClientData: clientData("APPROVED"),
          kyc2ClientData: clientData("APPROVED"),
        }),
      {
        "POST /v2/customer/kyc3/start": () =>
          jsonResponse(200, {
            result: "OK",
            request: {
              id: "0193a9e0-0000-7000-8000-000000000042",
              status: "UNDER_REVIEW",
              createdAt: "2026-01-01T00:00:00.000Z",
            },
          }),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Increase limits" }));
    const pending = await screen.findByRole("dialog", { name: "Your request has been accepted..." });
    expect(within(pending).getByText("Our team will contact you.")).not.toBeNull();
    expect(fake.find("POST", "/v2/customer/kyc3/start")).toHaveLength(1);
    expect(fake.find("POST", "/v5/kyc/start")).toHaveLength(0);
  });

  it("KYC_2 with a limit increase under review: the mobile-only modal, and no second request", async () => {
    const fake = openIdentityStep(() =>
      kycData({
        kycLevel: "KYC_2",
        status: "UNDER_REVIEW",
        kyc1ClientData: clientData("APPROVED"),
        kyc2ClientData: clientData("APPROVED"),
        kyc3ClientData: clientData("UNDER_REVIEW"),
      }),
    );
    const user = userEvent.setup();
    expect(await screen.findByTestId("kyc-level")).not.toBeNull();
    expect(screen.getByTestId("kyc-level").textContent).toBe("Verified");
    await user.click(screen.getByRole("button", { name: "Increase limits" }));
    const modal = await dialog();
    expect(
      within(modal).getByText("Mobile only: Verification is available only in the mobile app."),
    ).not.toBeNull();
    expect(fake.requests.filter((r) => r.method === "POST" && r.url.includes("/kyc"))).toHaveLength(0);
  });

  it("a rejection shows the reviewer's reason", async () => {
    openIdentityStep(() =>
      kycData({
        status: "REJECTED",
        kyc1ClientData: clientData("DENIED", {
          rejectFormattedMessage: "We could not verify your identity.",
        }),
      }),
    );
    expect(await screen.findByText("We couldn't verify your identity")).not.toBeNull();
    expect(screen.getByText("We could not verify your identity.")).not.toBeNull();
  });

  it("action needed: the reason, and the widget again for new photos", async () => {
    openIdentityStep(() =>
      kycData({
        status: "ACTION_NEEDED",
        kyc1ClientData: clientData("DENIED", {
          rejectFormattedMessage: "The photo was not readable.",
          retryAllowed: true,
        }),
      }),
    );
    expect(await screen.findByText("Please send new photos")).not.toBeNull();
    expect(screen.getByText("The photo was not readable.")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Send new photos" })).not.toBeNull();
  });

  it("links to the limits page", async () => {
    openIdentityStep(() => kycData());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "See your limits" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Your limits" })).not.toBeNull();
  });
});
