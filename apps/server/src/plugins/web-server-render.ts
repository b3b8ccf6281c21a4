import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { BootAnswer } from "./web-boot-answers.ts";

/** The web app's server entry (apps/web/src/entry-server.tsx), built into dist/.ssr/ by `npm run build`. */
type WebServerEntry = {
  /** The address to render (the path and the parameters a page reads), or undefined: no page. */
  renderedUrl(requestUrl: string): string | undefined;
  renderPage(template: string, url: string, answers: Record<string, BootAnswer>): Promise<string | undefined>;
};

/** Rendered pages kept: a few per merchant host and page; the oldest goes first. */
const CACHE_SIZE = 500;

/**
 * The public pages' first screen in the HTML (docs/web-performance.md): the shell of /sign-in and
 * the other public pages comes with the page rendered as a signed-out visitor sees it, from the
 * answers the shell carries, and the app hydrates it. Kept per host, address and shell: the shell
 * holds this visitor's answers (the merchant's look, texts and the location check), so a merchant
 * configuration change, which changes the answers, is a new entry, and so is a new build.
 * Every other page (one behind a session) comes with the frame the app shows while the session
 * answers (the merchant's brand and a spinner), which the app replaces. Without the server build,
 * or when rendering fails, the shell goes as it is and the app renders in the browser as before.
 */
export function createWebServerRender(webDist: string, log: FastifyBaseLogger) {
  const entryFile = path.join(webDist, ".ssr/entry-server.js");
  let entry: Promise<WebServerEntry | undefined> | undefined;
  const rendered = new Map<string, Promise<string | undefined>>();

  const load = () => {
    entry ??= existsSync(entryFile)
      ? (import(pathToFileURL(entryFile).href) as Promise<WebServerEntry>)
      : Promise.resolve(undefined);
    return entry;
  };

  return async function render(
    shell: string,
    req: FastifyRequest,
    answers: Record<string, BootAnswer>,
  ): Promise<string> {
    try {
      const server = await load();
      const url = server?.renderedUrl(req.url);
      if (!server || !url) return shell;
      const key = [req.headers.host ?? "", url, createHash("sha256").update(shell).digest("base64url")].join(
        " ",
      );
      let page = rendered.get(key);
      if (page) {
        rendered.delete(key); // most recently used goes last
      } else {
        page = server.renderPage(shell, url, answers);
        page.catch(() => rendered.delete(key));
      }
      rendered.set(key, page);
      if (rendered.size > CACHE_SIZE) rendered.delete(rendered.keys().next().value as string);
      return (await page) ?? shell;
    } catch (error) {
      log.warn({ err: error, url: req.url }, "server rendering of a page failed; the shell goes as it is");
      return shell;
    }
  };
}
