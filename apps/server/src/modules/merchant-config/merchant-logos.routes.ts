import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";

const params = z.object({ merchantId: z.uuid(), id: z.string().max(40), file: z.string().max(80) });

/**
 * GET /merchant-logos/<merchant>/<id>/<sha256>.<ext>: a logo uploaded in the back-office, from
 * the blob store. The address names the bytes (their checksum), so it is cached for a year.
 */
export const merchantLogosRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/merchant-logos/:merchantId/:id/:file", { schema: { hide: true } }, async (req, reply) => {
      const p = params.safeParse(req.params);
      if (!p.success) return reply.callNotFound();
      const logo = await deps.services.merchantConfig.readLogo(p.data.merchantId, p.data.id, p.data.file);
      if (!logo) return reply.callNotFound();
      return reply
        .type(logo.contentType)
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(Buffer.from(logo.bytes));
    });
  };
