import { defineConfig } from "vitest/config";
import { preactAliases } from "./preact-aliases.ts";

export default defineConfig({
  // The tests run on Preact like the build (preact-aliases.ts). Libraries that import React are
  // inlined so the aliases reach them too: Node would otherwise load the real react package.
  resolve: {
    // ES module builds (react-router's `module` entry): a CommonJS file's require() of react
    // would skip the aliases and load the real react.
    conditions: ["module", "development"],
    alias: [
      ...preactAliases,
      // Testing Library's ES module build, so its own imports of react-dom meet the aliases.
      {
        find: /^@testing-library\/react$/,
        replacement: "@testing-library/react/dist/@testing-library/react.esm.js",
      },
    ],
  },
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    server: {
      deps: {
        inline: [
          /react/,
          /@radix-ui/,
          /use-sidecar/,
          /use-callback-ref/,
          /aria-hidden/,
          /@hookform/,
          /@testing-library/,
        ],
      },
    },
  },
});
