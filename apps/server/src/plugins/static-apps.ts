import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { registerMerchantImages } from "./merchant-images.ts";
import { bootAnswers, withBootAnswers } from "./web-boot-answers.ts";
import { createWebServerRender } from "./web-server-render.ts";

export type StaticApps = {
  webDist: string;
  widgetDist: string;
  /** The operators' app (docs/backoffice.md), at /backoffice/. */
  backofficeDist?: string;
  /** Origins that may frame the KYC widget besides our own (the merchants' web apps). */
  widgetFrameAncestors?: () => Promise<string[]>;
};

/**
 * Paths that belong to the API, to files or to operators' tools: never answered with the web
 * app's index.html, so an unknown one is the API's JSON 404 (a scraper asking the public port for
 * /metrics learns it is not there; metrics have their own port). Any other unknown path is the
 * web app's, which shows its own not-found page.
 */
const NOT_SPA =
  /^\/(v\d+|oauth|web|location|api|admin|backoffice|sandbox|signout|healthz|readyz|embed|assets|merchant-assets|merchant-images|openapi\.json|metrics|\.well-known|graphql|debug|actuator|server-status)(\/|$)/;

/**
 * Serves the built web app at `/` (with the SPA fallback for its client-side routes) and the
 * KYC widget at `/embed/kyc/v1/`. A missing build is not fatal: the API still works and the
 * fallback explains what to run.
 */
export async function registerStaticApps(app: FastifyInstance, apps: StaticApps) {
  await app.register(async (widget) => {
    // The widget lives in a frame of the merchants' web apps; everything else refuses to be
    // framed. CSP frame-ancestors names them (X-Frame-Options cannot name several origins, and
    // browsers that know frame-ancestors ignore it).
    widget.addHook("onSend", async (_req, reply, payload) => {
      const origins = (await apps.widgetFrameAncestors?.()) ?? [];
      const csp = String(reply.getHeader("content-security-policy") ?? "");
      reply.header(
        "content-security-policy",
        csp.replace("frame-ancestors 'none'", ["frame-ancestors 'self'", ...origins].join(" ")),
      );
      reply.removeHeader("x-frame-options");
      return payload;
    });
    await widget.register(fastifyStatic, {
      root: path.resolve(apps.widgetDist),
      prefix: "/embed/kyc/v1/",
      decorateReply: false,
      index: ["index.html"],
      cacheControl: false,
      // The sandbox host page is served by GET /sandbox/kyc-host in sandbox mode only.
      allowedPath: (pathName) => !pathName.includes("/sandbox-host/"),
      setHeaders: immutableAssets,
    });
  });
  await app.register(fastifyStatic, {
    root: path.resolve(apps.webDist),
    prefix: "/",
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside each asset (vite.config.ts): the one the browser
    // accepts is sent with its Content-Encoding and `Vary: Accept-Encoding`.
    preCompressed: true,
    setHeaders: immutableAssets,
  });
  if (apps.backofficeDist) await registerBackoffice(app, apps.backofficeDist);
  const indexHtml = path.join(apps.webDist, "index.html");
  const render = createWebServerRender(apps.webDist, app.log);
  app.get("/*", { schema: { hide: true } }, (req, reply) => serveSpa(app, req, reply, indexHtml, render));
}

/**
 * The operators' app at /backoffice/: its assets, and its index.html for its client-side routes.
 * Its API is /admin/v1/ (never answered with the shell).
 */
async function registerBackoffice(app: FastifyInstance, dist: string) {
  await app.register(fastifyStatic, {
    root: path.resolve(dist),
    prefix: "/backoffice/",
    decorateReply: false,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: immutableAssets,
  });
  const indexHtml = path.join(dist, "index.html");
  const shell = (_req: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(indexHtml)) {
      return reply
        .status(503)
        .type("text/plain")
        .send("The back-office is not built: run `npm run build -w apps/backoffice` (npm start builds it).");
    }
    // The shell is never cached (a new deploy is picked up at the next load), nor indexed.
    return reply
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex")
      .type("text/html; charset=utf-8")
      .send(readFileSync(indexHtml));
  };
  app.get("/backoffice", { schema: { hide: true } }, (_req, reply) => reply.redirect("/backoffice/"));
  app.get("/backoffice/", { schema: { hide: true } }, shell);
  app.get("/backoffice/*", { schema: { hide: true } }, (req, reply) => {
    // A file that is not there (an old asset) is a 404, not the shell.
    if (/\.[a-z0-9]+$/i.test(req.url.split("?")[0] ?? "")) return reply.callNotFound();
    return shell(req, reply);
  });
}

function isSpaRequest(req: FastifyRequest): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url.split("?")[0] ?? "/";
  if (NOT_SPA.test(url)) return false;
  if (/\.[a-z0-9]+$/i.test(url)) return false; // a file that is not there
  return true;
}

async function serveSpa(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  indexHtml: string,
  render: ReturnType<typeof createWebServerRender>,
) {
  if (!isSpaRequest(req)) return reply.callNotFound();
  if (!existsSync(indexHtml)) {
    return reply.status(503).type("text/plain").send("The web app is not built: run `npm run build`.");
  }
  // The shell carries this visitor's merchant and location answers (web-boot-answers.ts): never
  // kept by a shared cache, and revalidated so a new deploy is picked up on the next load.
  // A public page also comes rendered (web-server-render.ts), from the same answers.
  const answers = await bootAnswers(app, req);
  const html = await render(withBootAnswers(await readFile(indexHtml, "utf8"), answers), req, answers);
  return reply.header("cache-control", "private, no-cache").type("text/html; charset=utf-8").send(html);
}

// Vite puts content hashes in asset names, so they can be cached forever.
function immutableAssets(reply: FastifyReply, filePath: string) {
  const hashed = /[/\\]assets[/\\]/.test(filePath);
  reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
}

const MERCHANT_ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../assets/merchants");

/**
 * Merchants' images and documents (logos, favicons, terms) at /merchant-assets/<slug>/, and their
 * raster images resized for srcset at /merchant-images/<slug>/ (merchant-images.ts).
 */
export async function registerMerchantAssets(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: MERCHANT_ASSETS,
    prefix: "/merchant-assets/",
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header("cache-control", "public, max-age=300"),
  });
  await registerMerchantImages(app, MERCHANT_ASSETS);
}
