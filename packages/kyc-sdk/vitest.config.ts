import { defineConfig } from "vitest/config";

// happy-dom does not load frames: the tests play the widget's side of the protocol themselves.
export default defineConfig({
  test: { name: "kyc-sdk", include: ["src/**/*.test.ts"], environment: "happy-dom" },
});
