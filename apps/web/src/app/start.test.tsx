import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { answer, defaultWorld, installFakeConfigService } from "../test/fake-config-service.ts";
import { renderApp } from "../test/render.tsx";

const heading = (name: string) => screen.findByRole("heading", { level: 1, name });

describe("app start", () => {
  it("shows a full-screen splash until the location check answers", async () => {
    const world = defaultWorld();
    let answerLocation: (() => void) | undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = answer(world, String(input), new Headers(init?.headers));
        if (String(input) !== "/location") return response;
        return new Promise<Response>((resolve) => {
          answerLocation = () => resolve(response);
        });
      }),
    );
    renderApp("/");
    // The logo is known once settingsData answers; the location check is still running.
    const logo = await screen.findByRole("img", { name: "Demo Finance" });
    expect(logo.getAttribute("src")).toBe(world.settings.horizontalImage);
    expect(screen.queryByRole("navigation")).toBeNull();

    answerLocation?.();
    expect(await heading("Home")).not.toBeNull();
  });

  it("shows 'Oops' and nothing of the app to a visitor from a blocked country", async () => {
    const world = defaultWorld();
    world.location = { country: "IR", blocked: true };
    installFakeConfigService(world);
    renderApp("/exchange");
    expect(await heading("Oops")).not.toBeNull();
    expect(screen.getByText("We're sorry, but the website is unavailable in your country")).not.toBeNull();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("offers the start screens' raster logo in every width (srcset), a phone taking a small one", async () => {
    const world = defaultWorld();
    world.settings = { ...world.settings, horizontalImage: "/merchant-assets/demo/logo.png" };
    world.location = { country: "IR", blocked: true };
    let answerLocation: (() => void) | undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = answer(world, String(input), new Headers(init?.headers));
        if (String(input) !== "/location") return response;
        return new Promise<Response>((resolve) => {
          answerLocation = () => resolve(response);
        });
      }),
    );
    renderApp("/");
    const widths = (img: HTMLElement) =>
      img
        .getAttribute("srcset")
        ?.split(", ")
        .map((c) => c.split(" ")[1]);
    const splash = await screen.findByRole("img", { name: "Demo Finance" });
    expect(splash.getAttribute("srcset")).toContain("/merchant-images/demo/logo.png?w=640 640w");
    expect(widths(splash)).toEqual(["640w", "750w", "828w", "1080w", "1200w", "1920w", "2048w", "3840w"]);
    expect(splash.getAttribute("sizes")).toBe("min(320px, 70vw)");

    answerLocation?.();
    expect(await heading("Oops")).not.toBeNull();
    const blocked = screen.getByRole("img", { name: "Demo Finance" });
    expect(widths(blocked)).toEqual(widths(splash));
    expect(blocked.getAttribute("sizes")).toBe("min(200px, 60vw)");
  });

  it("applies the merchant's colours as CSS variables, its favicon and its title", async () => {
    installFakeConfigService();
    renderApp("/");
    await heading("Home");
    const style = document.documentElement.style;
    expect(style.getPropertyValue("--button-color-1")).toBe("#123456");
    expect(style.getPropertyValue("--button-color-2")).toBe("#FFCC00");
    expect(style.getPropertyValue("--background-color")).toBe("#F4F5F7");
    expect(style.getPropertyValue("--button-text-color-1")).toBe("#FFFFFF");
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href).toBe(
      "https://cdn.example.com/demo/favicon.png",
    );
    expect(document.title).toBe("Demo Finance");
  });

  it("shows the merchant's name in the header, linking home", async () => {
    installFakeConfigService();
    renderApp("/earn");
    await heading("Earn");
    const banner = screen.getByRole("banner");
    expect(banner.textContent).toContain("Demo Finance");
    expect(screen.getByRole("link", { name: "Demo Finance" }).getAttribute("href")).toBe("/");
  });

  it("replaces a default text with the merchant's override", async () => {
    const world = defaultWorld();
    world.texts = { "pages.home": "Welcome aboard", "nav.history": "Activity" };
    installFakeConfigService(world);
    renderApp("/");
    expect(await heading("Welcome aboard")).not.toBeNull();
    expect(screen.getByRole("link", { name: "Activity" })).not.toBeNull();
    expect(screen.queryByRole("heading", { name: "Home" })).toBeNull();
  });

  it("still starts with the default look when the configuration service fails", async () => {
    const world = defaultWorld();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).startsWith("/web/")) {
          return new Response(JSON.stringify({ error: "UNAVAILABLE", message: "Down" }), { status: 503 });
        }
        return answer(world, String(input), new Headers(init?.headers));
      }),
    );
    renderApp("/");
    expect(await heading("Home")).not.toBeNull();
    await waitFor(() => expect(document.documentElement.style.getPropertyValue("--button-color-1")).toBe(""));
  });
});
