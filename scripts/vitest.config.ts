import { defineConfig } from "vitest/config";

// Unit tests of the repository's scripts (the web budget's rules, on fake builds).
export default defineConfig({
  test: { name: "scripts", root: import.meta.dirname, include: ["*.test.ts"], environment: "node" },
});
