import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { name: "backoffice", include: ["src/**/*.test.ts"], environment: "node" },
});
