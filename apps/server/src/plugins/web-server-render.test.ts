import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createWebServerRender } from "./web-server-render.ts";

// Issue 32: the public pages' first screen in the HTML, rendered by the web app's server entry
// and kept per host, address and shell. A stand-in entry counts its renders.
let dist: string;
let empty: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "web-ssr-"));
  empty = await mkdtemp(path.join(tmpdir(), "web-no-ssr-"));
  await mkdir(path.join(dist, ".ssr"));
  await writeFile(
    path.join(dist, ".ssr/entry-server.js"),
    `globalThis.renders = 0;
export const renderedUrl = (url) => (url.startsWith("/sign-in") ? "/sign-in" : url === "/broken" ? url : undefined);
export async function renderPage(shell, url) {
  if (url === "/broken") throw new Error("boom");
  globalThis.renders += 1;
  return shell.replace("<div id=root></div>", "<div id=root>" + url + " " + globalThis.renders + "</div>");
}`,
  );
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
  await rm(empty, { recursive: true, force: true });
});

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
const request = (url: string, host = "localhost") => ({ url, headers: { host } }) as FastifyRequest;
const shell = (answers: string) => `<head>${answers}</head><div id=root></div>`;

describe("the public pages rendered by the server", () => {
  it("renders a public page once per host, address and shell, whatever parameters no page reads", async () => {
    const render = createWebServerRender(dist, log);
    expect(await render(shell("a"), request("/sign-in"), {})).toBe(
      "<head>a</head><div id=root>/sign-in 1</div>",
    );
    expect(await render(shell("a"), request("/sign-in?utm_source=x"), {})).toContain("/sign-in 1");
    expect(await render(shell("a"), request("/sign-in", "nimbus.localhost"), {})).toContain("/sign-in 2");
    // Another merchant configuration or location answer is another shell: rendered anew.
    expect(await render(shell("b"), request("/sign-in"), {})).toContain("/sign-in 3");
  });

  it("sends the shell as it is for an address that is no page, a failed render or no server build", async () => {
    const render = createWebServerRender(dist, log);
    expect(await render(shell("a"), request("/elsewhere"), {})).toBe(shell("a"));
    expect(await render(shell("a"), request("/broken"), {})).toBe(shell("a"));
    expect(log.warn).toHaveBeenCalled();
    const without = createWebServerRender(empty, log);
    expect(await without(shell("a"), request("/sign-in"), {})).toBe(shell("a"));
  });
});
