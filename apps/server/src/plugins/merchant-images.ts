import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { z } from "zod";
import { createBoundedCache } from "../bounded-cache.ts";
import { commonErrors } from "../http/app-error.ts";

/**
 * The widths a merchant's raster images are served in (spec §9: "image widths for device sizes
 * range from 640 to 3840"); apps/web/src/lib/theme/responsive-image.ts lists the same.
 */
const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;

const RASTER = /\.(png|jpe?g|webp|avif)$/i;
const params = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  file: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/),
});
const query = z.object({
  w: z.coerce
    .number()
    .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), `one of ${IMAGE_WIDTHS.join(", ")}`),
});

/**
 * GET /merchant-images/<slug>/<file>?w=<width>: a merchant's raster image (under
 * /merchant-assets/<slug>/) at one of IMAGE_WIDTHS, as WebP, never wider than the original; the
 * web app lists them in `srcset` so a phone downloads what it shows. Resized once per width and
 * kept in memory (a few dozen images at most per merchant); SVG is vector and not served here.
 */
export async function registerMerchantImages(app: FastifyInstance, root: string) {
  const cache = createBoundedCache<string, Buffer>({ max: 200, ttlMs: 5 * 60_000 });
  app.get("/merchant-images/:slug/:file", { schema: { hide: true } }, async (req, reply) => {
    const p = params.safeParse(req.params);
    const q = query.safeParse(req.query);
    if (!p.success || !RASTER.test(p.data.file)) return reply.callNotFound();
    if (!q.success) throw commonErrors.create("NOT_VALID_REQUEST_DATA", { field: "w" });
    const key = `${p.data.slug}/${p.data.file}@${q.data.w}`;
    let image = cache.get(key);
    if (!image) {
      const original = await readFile(path.join(root, p.data.slug, p.data.file)).catch(() => undefined);
      if (!original) return reply.callNotFound();
      image = await sharp(original)
        .resize({ width: q.data.w, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      cache.set(key, image);
    }
    // As long as the originals (static-apps.ts): a merchant's new image shows within minutes.
    return reply.type("image/webp").header("cache-control", "public, max-age=300").send(image);
  });
}
