import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "./error-handler.ts";
import { registerMerchantImages } from "./merchant-images.ts";

let root: string;
let app: FastifyInstance;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "merchant-images-"));
  await mkdir(path.join(root, "demo"));
  const photo = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#1f5eff" } })
    .png()
    .toBuffer();
  await writeFile(path.join(root, "demo/hero.png"), photo);
  await writeFile(path.join(root, "demo/logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  app = Fastify();
  registerErrorHandler(app);
  await registerMerchantImages(app, root);
});
afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

const widthOf = async (body: Buffer) => (await sharp(body).metadata()).width;

describe("GET /merchant-images/<slug>/<file>?w=", () => {
  it("serves a raster image at the width asked, as WebP", async () => {
    const res = await app.inject({ url: "/merchant-images/demo/hero.png?w=640" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(await widthOf(res.rawPayload)).toBe(640);
    expect((await sharp(res.rawPayload).metadata()).format).toBe("webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    // The same answer again, from memory.
    const again = await app.inject({ url: "/merchant-images/demo/hero.png?w=640" });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it("never makes an image wider than its original", async () => {
    const res = await app.inject({ url: "/merchant-images/demo/hero.png?w=3840" });
    expect(await widthOf(res.rawPayload)).toBe(2000);
  });

  it("refuses a width outside spec §9's list with a 400 naming w", async () => {
    for (const w of ["500", "641", "", "abc"]) {
      const res = await app.inject({ url: `/merchant-images/demo/hero.png?w=${w}` });
      expect(res.statusCode, w).toBe(400);
      expect(res.json().field).toBe("w");
    }
  });

  it("answers 404 for vector images, missing files and paths out of the merchant's folder", async () => {
    for (const url of [
      "/merchant-images/demo/logo.svg?w=640",
      "/merchant-images/demo/nothing.png?w=640",
      "/merchant-images/demo/..%2F..%2Fetc%2Fpasswd.png?w=640",
      "/merchant-images/..%2Fdemo/hero.png?w=640",
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
