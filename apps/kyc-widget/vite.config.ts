import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Served by the API server under /embed/kyc/v1/ and framed by the merchants' web apps. The
// second page is the sandbox host page (a merchant page that mounts the widget through the SDK);
// the server serves it only in sandbox mode, at /sandbox/kyc-host.
export default defineConfig({
  root: import.meta.dirname,
  base: "/embed/kyc/v1/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        widget: `${import.meta.dirname}/index.html`,
        "sandbox-host": `${import.meta.dirname}/src/sandbox-host/host.html`,
      },
    },
  },
  server: {
    proxy: { "/v1": "http://localhost:3000", "/v2": "http://localhost:3000", "/v5": "http://localhost:3000" },
  },
});
