import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_MODULES } from "../entry-server.tsx";
import { KIT_PATH } from "../features/kit/kit-path.ts";
import { ROUTES } from "../lib/routes.ts";
import { SCREENS_BY_PATH } from "./routes.tsx";

// The server links each page's screen in its head (entry-server.tsx) and the app starts loading
// it at once (main.tsx): both lists must name every route, or a page silently loses its head start.
describe("each address's screen", () => {
  it("is known to the app and to the server's head links for every route", () => {
    const routes = Object.values(ROUTES).sort();
    expect(
      Object.keys(SCREENS_BY_PATH)
        .filter((route) => route !== KIT_PATH)
        .sort(),
    ).toEqual(routes);
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(routes);
  });

  it("names modules that exist", () => {
    const webRoot = path.resolve(import.meta.dirname, "../..");
    for (const file of Object.values(PAGE_MODULES))
      expect(existsSync(path.join(webRoot, file)), file).toBe(true);
  });
});
