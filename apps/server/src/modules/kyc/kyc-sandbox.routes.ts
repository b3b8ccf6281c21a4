import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { errorResponses } from "../../http/error-body.ts";
import { requestMerchant } from "../../http/request-merchant.ts";
import { REVIEW_OUTCOMES } from "../../providers/kyc/review-callback.ts";
import { renderKycConsole } from "./kyc-sandbox.console.ts";

/** Built by the widget's build (apps/kyc-widget/src/sandbox-host/host.html), served only from here. */
const HOST_PAGE = path.resolve(import.meta.dirname, "../../../../kyc-widget/dist/src/sandbox-host/host.html");

const phoneDigits = z
  .string()
  .transform((s) => s.replace(/\D/g, ""))
  .pipe(z.string().regex(/^\d{6,15}$/));

/**
 * Sandbox only. A host page that mounts the widget through the SDK, as a merchant's page would
 * (its CSP lets it frame the widget at PUBLIC_BASE_URL, so on another merchant's host name it
 * frames the widget across origins), and the console's KYC control. Both for testers and the
 * browser suite.
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

    app.get(
      "/sandbox/kyc",
      {
        schema: {
          hide: true,
          querystring: z.object({
            phone: z.string().max(20).optional(),
            result: z.string().max(40).optional(),
          }),
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        return renderKycConsole({
          merchant: merchant.title,
          phone: req.query.phone,
          result: req.query.result,
        });
      },
    );

    app.post(
      "/sandbox/kyc/decide",
      {
        schema: {
          operationId: "sandboxDecideKyc",
          tags: ["sandbox"],
          description:
            "Console form: decides the newest submitted verification of a phone now (303 to /sandbox/kyc).",
          consumes: ["application/x-www-form-urlencoded"],
          body: z.object({ phone: phoneDigits, outcome: z.enum(REVIEW_OUTCOMES) }),
          // A redirect back to the console, or a refusal of the form (validation, merchant), or
          // 409 when the application was reset between finding it and deciding it.
          response: {
            303: z.null().describe("Back to /sandbox/kyc with the result"),
            ...errorResponses(400, 404, 409),
          },
        },
      },
      async (req, reply) => {
        const merchant = await requestMerchant(deps, req);
        const decided = await deps.services.kyc.sandbox.decideForPhone({
          merchantId: merchant.id,
          ...req.body,
        });
        const result = decided.effect === "none" ? decided.why : decided.effect;
        return reply.redirect(`/sandbox/kyc?${new URLSearchParams({ phone: req.body.phone, result })}`, 303);
      },
    );
  };
