import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Paths are relative to this folder, so `vite build apps/web` from the repository root and
// `npm run build -w apps/web` produce the same apps/web/dist, which the API server serves at "/".
export default defineConfig({
  base: "/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The framework changes far less often than the app: its own chunks stay cached across
        // releases, and no single chunk grows past the 500 kB warning as features arrive.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: "vendor", test: /node_modules[\\/]/, priority: 1 },
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
});
