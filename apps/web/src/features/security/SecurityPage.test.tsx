import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorResponse, installFakeAccounts, jsonResponse } from "../../test/fake-accounts.ts";
import { renderApp } from "../../test/render.tsx";
import type { SecuritySession } from "./api/security-queries.ts";

const AT = "2026-11-20T10:15:00Z";
const session = (over: Partial<SecuritySession>): SecuritySession => ({
  id: "0193a9e0-0000-7000-8000-0000000000a1",
  device: "Chrome on macOS",
  country: "DE",
  createdAt: AT,
  lastActiveAt: AT,
  current: false,
  ...over,
});
const THIS = session({ id: "0193a9e0-0000-7000-8000-0000000000a0", device: "Safari on iOS", current: true });
const OTHER = session({});
const noEvents = { events: [], offset: 0, size: 20 };
const region = async (name: string) => within(await screen.findByRole("region", { name }));

describe("/security", () => {
  it("marks this device, signs out another after confirming, and lists the events", async () => {
    let live = [OTHER, THIS];
    const fake = installFakeAccounts({
      "GET /v2/security/sessions": () => jsonResponse(200, { sessions: live }),
      "DELETE /v2/security/sessions/0193a9e0-0000-7000-8000-0000000000a1": () => {
        live = [THIS];
        return jsonResponse(200, { result: "OK" });
      },
      "GET /v2/security/events": () =>
        jsonResponse(200, {
          events: [
            {
              id: "0193a9e0-0000-7000-8000-0000000000e1",
              kind: "SIGN_IN",
              details: { device: "Chrome on macOS", country: "DE", newDevice: "yes" },
              createdAt: AT,
            },
            // Recorded also for the email added at sign-up (issue 47): not "changed" then.
            { id: "0193a9e0-0000-7000-8000-0000000000e2", kind: "EMAIL_CHANGED", details: {}, createdAt: AT },
          ],
          offset: 0,
          size: 20,
        }),
    });
    renderApp("/security");
    const sessions = await region("Devices and sessions");
    expect(await sessions.findByText("This device")).not.toBeNull();
    // This device comes first, whatever the server's order.
    expect(sessions.getAllByRole("listitem")[0]?.textContent).toContain("Safari on iOS");
    const events = await region("Recent security events");
    expect(await events.findByText("Chrome on macOS · Germany · new device")).not.toBeNull();
    expect(events.getByText("Email address saved")).not.toBeNull();
    expect(events.queryByText("Email changed")).toBeNull();

    await userEvent.click(sessions.getByRole("button", { name: "Sign out Chrome on macOS" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Sign out Chrome on macOS?" }));
    expect(fake.find("DELETE", "/v2/security/sessions/0193a9e0-0000-7000-8000-0000000000a1")).toHaveLength(0);
    await userEvent.click(dialog.getByRole("button", { name: "Sign out" }));
    expect(await sessions.findByText("You are signed in on this device only.")).not.toBeNull();
    expect(fake.find("DELETE", "/v2/security/sessions/0193a9e0-0000-7000-8000-0000000000a1")).toHaveLength(1);
  });

  it("signs out every other session after confirming, and says how many", async () => {
    const TABLET = session({ id: "0193a9e0-0000-7000-8000-0000000000a2", device: "Firefox on Windows" });
    let live = [OTHER, THIS, TABLET];
    const fake = installFakeAccounts({
      "GET /v2/security/sessions": () => jsonResponse(200, { sessions: live }),
      "POST /v2/security/sessions/sign-out-others": () => {
        live = [THIS];
        return jsonResponse(200, { signedOut: 2 });
      },
      "GET /v2/security/events": () => jsonResponse(200, noEvents),
    });
    renderApp("/security");
    const sessions = await region("Devices and sessions");
    await userEvent.click(await sessions.findByRole("button", { name: "Sign out all other sessions" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Sign out all other sessions?" }));
    expect(fake.find("POST", "/v2/security/sessions/sign-out-others")).toHaveLength(0);
    await userEvent.click(dialog.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("2 other sessions were signed out.")).not.toBeNull();
    expect(await sessions.findByText("You are signed in on this device only.")).not.toBeNull();
    expect(sessions.queryByText("Firefox on Windows")).toBeNull();
    expect(fake.find("POST", "/v2/security/sessions/sign-out-others")).toHaveLength(1);
  });

  it("says when there are no events, and offers a retry when the sessions cannot be read", async () => {
    let fail = true;
    installFakeAccounts({
      "GET /v2/security/sessions": () =>
        fail ? errorResponse(503, "UNAVAILABLE", "Resting.") : jsonResponse(200, { sessions: [THIS] }),
      "GET /v2/security/events": () => jsonResponse(200, noEvents),
    });
    renderApp("/security");
    expect(
      await (await region("Recent security events")).findByText("No security events yet."),
    ).not.toBeNull();
    const sessions = await region("Devices and sessions");
    const retry = await sessions.findByRole("button", { name: "Try again" }, { timeout: 5000 });
    fail = false;
    await userEvent.click(retry);
    expect(await sessions.findByText("This device")).not.toBeNull();
  });

  it("tells sessions of the same browser apart, and says nothing of a location it does not know", async () => {
    const linux = { device: "Chrome on Linux", country: null };
    const first = session({ ...linux, id: "0193a9e0-0000-7000-8000-0000000000b1", createdAt: AT });
    const second = session({ ...linux, id: "0193a9e0-0000-7000-8000-0000000000b2" });
    installFakeAccounts({
      "GET /v2/security/sessions": () =>
        jsonResponse(200, { sessions: [session({ ...THIS, ...linux }), first, second] }),
      "GET /v2/security/events": () => jsonResponse(200, noEvents),
    });
    renderApp("/security");
    const sessions = await region("Devices and sessions");
    await sessions.findByText("This device");
    const texts = sessions.getAllByRole("listitem").map((li) => li.textContent);
    expect(new Set(texts).size).toBe(3);
    expect(sessions.getByRole("button", { name: "Sign out Chrome on Linux, session 00b1" })).not.toBeNull();
    expect(sessions.getByRole("button", { name: "Sign out Chrome on Linux, session 00b2" })).not.toBeNull();
    expect(sessions.queryByText(/Location unknown/)).toBeNull();
  });
});
