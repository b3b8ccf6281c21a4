import { fileURLToPath } from "node:url";
import web from "../apps/web/vitest.config.ts";

// Stryker starts Vitest from the repository root without setting its root, so the web config's
// relative paths (setup file, test globs) would resolve against the wrong folder. Only the
// shared code's own tests run: the mutated files are components and lib, and the feature pages'
// tests would cost minutes per run while pinning little of them.
export default {
  ...web,
  root: fileURLToPath(new URL("../apps/web", import.meta.url)),
  test: { ...web.test, include: ["src/components/**/*.test.{ts,tsx}", "src/lib/**/*.test.{ts,tsx}"] },
};
