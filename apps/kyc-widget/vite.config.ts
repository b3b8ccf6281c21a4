import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Served by the API server under /embed/kyc/v1/ and framed by the merchants' web apps.
export default defineConfig({
  root: import.meta.dirname,
  base: "/embed/kyc/v1/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true },
});
