import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { preactAliases } from "./preact-aliases.ts";

// Paths are relative to this folder, so `vite build apps/web` from the repository root and
// `npm run build -w apps/web` produce the same apps/web/dist, which the API server serves at "/".
export default defineConfig({
  base: "/",
  resolve: { alias: preactAliases },
  plugins: [
    // Every text asset also ships as .br and .gz: the server sends the precompressed file the
    // browser accepts (@fastify/static preCompressed) instead of compressing on each request.
    compression({
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
      threshold: 1024,
      logLevel: "silent",
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json: the budget check (scripts/web-budget.ts) reads each route's
    // first-load JavaScript from it.
    manifest: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // Two known, harmless notices the React plugin used to hide: "use client" only matters
        // to server components (there are none), and react-router feature-detects React 19's
        // useOptimistic, which Preact has not (it takes its React 18 path).
        if (log.code === "MODULE_LEVEL_DIRECTIVE") return;
        if (log.code === "IMPORT_IS_UNDEFINED" && log.message.includes("useOptimistic")) return;
        handler(level, log);
      },
      output: {
        // Preact (what `react` resolves to, preact-aliases.ts) changes far less often than the
        // app: its own chunk stays cached across releases. Other libraries are not grouped: each
        // travels with the routes that import it, so the sign-in page does not download the QR
        // code or KYC SDK (see docs/web-performance.md).
        codeSplitting: {
          groups: [{ name: "preact", test: /node_modules[\\/]preact[\\/]/, priority: 2 }],
        },
      },
    },
  },
  server: {
    // In `vite dev` the API server (same origin in production) answers these paths.
    proxy: {
      "/web": "http://localhost:3000",
      "/location": "http://localhost:3000",
      "/v1": "http://localhost:3000",
      "/v2": "http://localhost:3000",
      "/oauth": "http://localhost:3000",
      "/signout": "http://localhost:3000",
      "/api": "http://localhost:3000",
    },
  },
});
