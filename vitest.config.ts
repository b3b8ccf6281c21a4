import { defineConfig } from "vitest/config";

// One `npm test` runs every project: packages, server (unit + integration on real PostgreSQL),
// web components, the scripts' rules and the browser suite.
export default defineConfig({
  test: {
    projects: [
      "packages/*/vitest.config.ts",
      "apps/*/vitest.config.ts",
      "scripts/vitest.config.ts",
      "e2e/vitest.config.ts",
    ],
  },
});
