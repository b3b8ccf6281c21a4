import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

// The operators' app, served by the API server at /backoffice/ (as apps/web is at /).
export default defineConfig({
  base: "/backoffice/",
  plugins: [
    react(),
    // Precompressed like the web app's assets: the server sends the file the browser accepts.
    compression({
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
      threshold: 1024,
      logLevel: "silent",
    }),
  ],
  build: { outDir: "dist", emptyOutDir: true },
  server: { proxy: { "/admin": "http://localhost:3000" } },
});
