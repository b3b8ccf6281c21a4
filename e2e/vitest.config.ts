import { defineConfig } from "vitest/config";

// The browser suite: the real product in Chromium. One product process for the whole suite.
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    globalSetup: ["global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
