import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import { run } from "./run.ts";

/** The Containerfile's default BASE: a Debian bookworm root made here from Debian's packages. */
export const BASE_IMAGE = "localhost/kestrel-debian:bookworm";

/** Outside the repository: the root tarball outlives clones and CI's fresh checkouts. */
export const CACHE_DIR = process.env.KESTREL_IMAGE_CACHE ?? "/var/tmp/kestrel-image";

/**
 * Makes BASE_IMAGE unless the image store has it: the tarball in CACHE_DIR is imported, and made
 * first with mmdebstrap when missing (about 2 minutes). No image registry is needed.
 */
export async function ensureBase(log: (line: string) => void): Promise<void> {
  if ((await run("podman", ["image", "exists", BASE_IMAGE], { check: false })).code === 0) {
    log(`base: ${BASE_IMAGE} is in the image store`);
    return;
  }
  const tarball = path.join(CACHE_DIR, "debian-bookworm.tar");
  if (!existsSync(tarball)) {
    await mkdir(CACHE_DIR, { recursive: true });
    const sources = debianSources();
    log(`base: making a Debian bookworm root with mmdebstrap (${sources.join(", ")})...`);
    const partial = `${tarball}.partial`;
    // minbase: apt and the essentials; the image's stages add what they need with apt-get.
    await run("mmdebstrap", [
      "--variant=minbase",
      "--mode=root",
      "--format=tar",
      "bookworm",
      partial,
      ...sources,
    ]);
    await rename(partial, tarball);
  }
  log(`base: importing ${tarball} as ${BASE_IMAGE}`);
  await run("podman", ["import", "--quiet", tarball, BASE_IMAGE]);
}

/**
 * This machine's apt source files that name bookworm: mmdebstrap reads them as they are, so the
 * root comes from the same mirror apt uses here (and the root's apt keeps using it).
 */
function debianSources(): string[] {
  const candidates = ["/etc/apt/sources.list"];
  const dir = "/etc/apt/sources.list.d";
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith(".list") || name.endsWith(".sources")) candidates.push(path.join(dir, name));
    }
  }
  const found = candidates.filter(
    (file) => existsSync(file) && /\bbookworm\b/.test(readFileSync(file, "utf8")),
  );
  if (found.length === 0) throw new Error("no apt source for Debian bookworm under /etc/apt");
  return found;
}
