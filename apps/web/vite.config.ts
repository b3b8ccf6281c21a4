import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

// Paths are relative to this folder, so `vite build apps/web` from the repository root and
// `npm run build -w apps/web` produce the same apps/web/dist, which the API server serves at "/".
// `vite build --ssr src/entry-server.tsx` (the second step of `npm run build`) builds the server's
// rendering of the public pages into dist/.ssr/; it needs no compressed copies.
export default defineConfig(({ isSsrBuild }) => ({
  base: "/",
  plugins: [
    isSsrBuild ? undefined : sessionStartFirst(),
    // React 19; the plugin gives `vite dev` hot swapping of components (Fast Refresh).
    react(),
    // Every text asset also ships as .br and .gz: the server sends the precompressed file the
    // browser accepts (@fastify/static preCompressed) instead of compressing on each request.
    isSsrBuild
      ? undefined
      : compression({
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
      // session-start.ts is an entry of its own: one small script that runs before the app's.
      input: isSsrBuild
        ? undefined
        : { index: fromHere("index.html"), "session-start": fromHere(SESSION_START) },
      output: {
        // Few files on a first load: each costs a round trip, and on a phone's HTTP/1.1 link six
        // at a time, the twenty-odd small chunks of before cost more than their bytes (Lighthouse's
        // largest paint, docs/web-performance.md). React DOM has its own file, which changes least
        // across releases; the libraries every page runs (router, queries, texts) another; the app
        // code eight or more chunks share a third. Anything else travels with the routes that
        // import it, so sign-in downloads neither the QR code nor the KYC SDK. lib/phone stays out
        // of the shared file: it imports the phone number library on demand, for the phone forms.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: "framework",
              test: /node_modules[\\/](react-router|@tanstack|i18next|react-i18next)[\\/]/,
              priority: 2,
            },
            {
              name: "app",
              test: /apps[\\/]web[\\/]src[\\/](lib[\\/](?!phone[\\/])|components[\\/]|app[\\/])/,
              minShareCount: 8,
              priority: 1,
            },
          ],
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
}));

const SESSION_START = "src/session-start.ts";
const fromHere = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Links session-start.ts first in index.html's head, before the app's entry: module scripts run in
 * document order, so it has started the silent refresh and the page's first calls when the app
 * looks for them (docs/web-performance.md). In the build it is its own small chunk; `vite dev`
 * serves the source.
 */
function sessionStartFirst(): Plugin {
  return {
    name: "kestrel-session-start-first",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) =>
            output.type === "chunk" && output.isEntry && output.facadeModuleId === fromHere(SESSION_START),
        );
        if (context.bundle && !chunk) throw new Error(`the build has no chunk for ${SESSION_START}`);
        const src = chunk ? `/${chunk.fileName}` : `/${SESSION_START}`;
        return [
          { tag: "script", attrs: { type: "module", crossorigin: true, src }, injectTo: "head-prepend" },
        ];
      },
    },
  };
}
