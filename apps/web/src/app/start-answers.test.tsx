import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { defaultWorld } from "../test/fake-config-service.ts";
import { AppShell } from "./AppShell.tsx";
import { createAppServices } from "./create-app-services.ts";

// Issue 32: the server renders the public pages from the answers it puts in the page, and the
// browser's first render must be that same screen to hydrate it: not the start splash.

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });

function pageWith(answers: Record<string, unknown>) {
  const script = document.createElement("script");
  script.id = "k-server-answers";
  script.type = "application/json";
  script.textContent = JSON.stringify(answers);
  document.head.append(script);
}

afterEach(() => document.getElementById("k-server-answers")?.remove());

/** The app's first render, effects not run: what hydration compares with the server's HTML. */
const firstRender = (services: ReturnType<typeof createAppServices>) =>
  renderToString(
    <AppShell
      services={services}
      router={({ children }) => <MemoryRouter initialEntries={["/status"]}>{children}</MemoryRouter>}
    />,
  );

describe("the answers the page came with", () => {
  it("make the first render the page itself, in the merchant's texts", () => {
    const world = defaultWorld();
    pageWith({
      "/web/info?locale=en&variant=settingsData": ok(world.settings),
      "/web/info?locale=en&variant=merchantData": ok(world.merchant),
      "/web/screens?locale=en": ok({ texts: { "app.skipToContent": "Jump to the page" } }),
      "/location": ok(world.location),
    });
    const html = firstRender(createAppServices());
    expect(html).not.toContain("k-start-screen");
    expect(html).toContain("Jump to the page");
    expect(html).toContain(world.merchant.title);
  });

  it("leave the splash while one is missing or failed, and its query fetches it", () => {
    const world = defaultWorld();
    pageWith({
      "/web/info?locale=en&variant=settingsData": ok(world.settings),
      "/web/info?locale=en&variant=merchantData": ok(world.merchant),
      "/web/screens?locale=en": { status: 500, body: { success: false } },
      "/location": ok(world.location),
    });
    const services = createAppServices();
    expect(firstRender(services)).toContain("k-start-screen");
    expect(services.queryClient.getQueryData(["config", "screens", "en"])).toBeUndefined();
  });
});
