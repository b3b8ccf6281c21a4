import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { defaultWorld, installFakeConfigService } from "../test/fake-config-service.ts";
import { renderApp } from "../test/render.tsx";

/**
 * axe-core on the rendered DOM. Colour contrast needs real layout and CSS, which happy-dom does
 * not do: the end-to-end suite checks it in Chromium; here every other rule runs.
 */
async function seriousViolations() {
  const results = await axe.run(document.body, {
    rules: { "color-contrast": { enabled: false } },
    resultTypes: ["violations"],
  });
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`);
}

function richWorld() {
  const world = defaultWorld();
  world.merchant.supportChatKey = "chat-key-demo";
  world.banners.right = [{ id: 1, title: "Earn 5%", text: "On deposits", imageUrl: "/b.png", link: "/earn" }];
  world.faq = [{ id: 1, question: "How do I add funds?", answer: "By card." }];
  world.operations = world.operations.map((entry) =>
    entry.operationType === "IBAN" ? { ...entry, constraint: "DISABLED", reason: "KYC_REQUIRED" } : entry,
  );
  return world;
}

describe("accessibility (axe-core, serious and critical rules)", () => {
  it("the home page has no violations", async () => {
    installFakeConfigService(richWorld());
    renderApp("/");
    await screen.findByRole("button", { name: "How do I add funds?" });
    expect(await seriousViolations()).toEqual([]);
  });

  it("the blocked-country screen has no violations", async () => {
    const world = defaultWorld();
    world.location = { country: "CU", blocked: true };
    installFakeConfigService(world);
    renderApp("/");
    await screen.findByRole("heading", { name: "Oops" });
    expect(await seriousViolations()).toEqual([]);
  });

  it("an open modal and the open profile menu have no violations", async () => {
    const user = userEvent.setup();
    installFakeConfigService(richWorld());
    renderApp("/");
    await user.click(await screen.findByRole("button", { name: "Send" }));
    expect(await seriousViolations()).toEqual([]);
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Profile" }));
    expect(await seriousViolations()).toEqual([]);
  });
});
