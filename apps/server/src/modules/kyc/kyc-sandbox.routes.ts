import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../../app.ts";

/** Built by the widget's build (apps/kyc-widget/src/sandbox-host/host.html), served only from here. */
const HOST_PAGE = path.resolve(import.meta.dirname, "../../../../kyc-widget/dist/src/sandbox-host/host.html");

/**
 * Sandbox only: a host page that mounts the widget through the SDK, as a merchant's page would,
 * for testers and the browser suite. Its CSP lets it frame the widget at PUBLIC_BASE_URL, so
 * opened on another merchant host (nimbus.localhost) it frames the widget across origins.
 */
export const kycSandboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const widgetOrigin = new URL(deps.config.publicBaseUrl).origin;
    app.get("/sandbox/kyc-host", { schema: { hide: true } }, async (_req, reply) => {
      let html: string;
      try {
        html = await readFile(HOST_PAGE, "utf8");
      } catch {
        return reply.status(503).type("text/plain").send("The widget is not built: run `npm run build`.");
      }
      const csp = String(reply.getHeader("content-security-policy") ?? "");
      return reply
        .header(
          "content-security-policy",
          csp.replace("frame-src 'self'", `frame-src 'self' ${widgetOrigin}`),
        )
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(html.replace("__KESTREL_WIDGET_URL__", `${widgetOrigin}/embed/kyc/v1/`));
    });
  };
