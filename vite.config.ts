import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath, URL } from "node:url";

// The reference server listens here in development; `npm run dev` starts both.
const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)), "@contract": fileURLToPath(new URL("./contract/index.ts", import.meta.url)) },
  },
  server: {
    port: 5173,
    // Same origin for the console and the API, so the session and XSRF cookies just work.
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    // scripts/size.mjs walks the module graph of each route from this file.
    manifest: true,
    rollupOptions: {
      // CommonJS packages that carry no "sideEffects" flag are kept whole even when nothing of theirs
      // is used. These are imported by libraries on the first-load path but unused by this app
      // (Refine's CSV import/export and devtools, the mobile wallet's QR modal): ~16 kB gzip.
      treeshake: {
        moduleSideEffects: (id: string) => !/\/node_modules\/(papaparse|pluralize|error-stack-parser|stackframe|qrcode|dijkstrajs)\//.test(id),
      },
    },
    chunkSizeWarningLimit: 1500,
  },
});
