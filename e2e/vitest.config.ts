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
    // expect.poll waits for the product (an effect a frame late, a message between frames, a
    // background job): Vitest's 1 s default is one stalled second on a loaded CI machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
