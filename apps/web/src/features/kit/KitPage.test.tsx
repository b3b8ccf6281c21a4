import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { answer, defaultWorld } from "../../test/fake-config-service.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { KIT_PATH, KitPage } from "./KitPage.tsx";

/** The fake configuration service, plus `/sandbox/status` answering as a sandbox server would. */
function installServer(sandbox: boolean) {
  const world = defaultWorld();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (sandbox && new URL(url, "http://localhost").pathname === "/sandbox/status") {
        return new Response(JSON.stringify({ sandbox: true }), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }
      return answer(world, url, new Headers(input instanceof Request ? input.headers : init?.headers));
    }),
  );
}

const renderKit = () =>
  renderWithProviders(<KitPage />, { path: KIT_PATH, routes: [{ path: "/", element: null }] });

describe("KitPage (/_app)", () => {
  it("shows the modal gallery when the server runs in sandbox mode", async () => {
    installServer(true);
    const { router } = renderKit();
    expect(await screen.findByRole("heading", { name: "Component gallery" })).not.toBeNull();
    expect(screen.getByRole("button", { name: "Open success modal" })).not.toBeNull();
    expect(router.state.location.pathname).toBe(KIT_PATH);
  });

  it("goes home like any unknown address when /sandbox/status does not answer 200", async () => {
    installServer(false);
    const { router } = renderKit();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(screen.queryByRole("heading", { name: "Component gallery" })).toBeNull();
  });
});
