import { execFileSync } from "node:child_process";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { fileURLToPath, URL } from "node:url";

// The reference server listens here in development; `npm run dev` starts both.
const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080";

// Modules whose top level only declares things, though their packages do not say so ("sideEffects"):
// without this, the bundler keeps all of a module a chunk imports, used or not.
const SIDE_EFFECT_FREE = [
  // Imported by libraries on the first-load path but unused by this app (Refine's CSV import/export
  // and devtools, the mobile wallet's QR modal): ~16 kB gzip.
  /\/node_modules\/(papaparse|pluralize|error-stack-parser|stackframe|qrcode|dijkstrajs)\//,
  // @refinedev/antd's MarkdownField, which the console never renders: react-markdown and its
  // unified/micromark pipeline would otherwise ride in every list screen (~35 kB gzip).
  /\/node_modules\/(react-markdown|remark-[^/]+|micromark[^/]*|mdast-[^/]+|hast-[^/]+|unist-[^/]+|unified|vfile[^/]*|property-information|space-separated-tokens|comma-separated-tokens|style-to-object|inline-style-parser|bail|trough|is-plain-obj|extend|ccount|markdown-table|longest-streak|parse-entities|character-entities[^/]*|decode-named-character-reference|zwitch|html-void-elements|repeat-string|is-buffer)\//,
  // antd's ConfigProvider and inputs import rc-field-form's FormProvider from its index, whose
  // top-level assignments (Form.Field = Field, ...) kept the whole form engine and its validator in
  // every signed-in screen: now only the screens with a form carry them (~13 kB gzip).
  /\/node_modules\/(rc-field-form|@rc-component\/async-validator)\//,
  // The shared contract: schemas built at module level (zod calls) are plain declarations, so a
  // chunk that needs only a constant does not carry zod with it. Not contract/zod.ts, whose one
  // statement (zod jitless) must run.
  /\/contract\/(resources\/)?(?!zod\.ts$)[^/]+\.ts$/,
];

// npm run bench:nav -- --plain D,E: the departures from antd/Refine turned off in that bench build
// (src/bench/plain.d.ts). Booleans replaced in the code, so the way not taken is dropped at build time;
// any build but `vite build --mode bench` (a test run, npm run build) has them all false.
const benchBuild = process.argv[process.argv.indexOf("--mode") + 1] === "bench";
const BENCH_PLAIN = benchBuild ? (process.env.VITE_BENCH_PLAIN ?? "").split(",").map((letter) => letter.trim().toUpperCase()) : [];
const BENCH_PLAIN_FLAGS = { D: "AVATAR", E: "SCROLL", F: "OUTLET", G: "TABLE", H: "FIRST_ROWS" };
const benchPlainDefines = Object.fromEntries(
  Object.entries(BENCH_PLAIN_FLAGS).map(([letter, name]) => [`__BENCH_PLAIN_${name}__`, JSON.stringify(BENCH_PLAIN.includes(letter))]),
);

const COLOR_MODES = ["light", "dark"] as const;

/**
 * antd's styles for each colour mode as a stylesheet made at build time (scripts/antd-styles.tsx says
 * why), linked first in index.html so that the app's own CSS comes after them, as when antd inserts
 * them itself. Each link is for the OS's mode (`media`), so only that one holds up the first paint;
 * public/color-mode.js then keeps the one of the mode in effect and drops the other.
 */
function antdStyles(): Plugin {
  return {
    name: "antd-styles",
    apply: "build",
    buildStart() {
      const printed = execFileSync(process.execPath, ["--import", "tsx", "scripts/antd-styles.tsx"], {
        env: { ...process.env, NODE_ENV: "production" },
        maxBuffer: 64 * 1024 * 1024,
      });
      const styles = JSON.parse(printed.toString()) as Record<(typeof COLOR_MODES)[number], string>;
      for (const mode of COLOR_MODES) this.emitFile({ type: "asset", name: `antd-${mode}.css`, source: styles[mode] });
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        return COLOR_MODES.map((mode) => {
          const asset = Object.values(bundle ?? {}).find((file) => file.type === "asset" && file.names.includes(`antd-${mode}.css`));
          if (!asset) throw new Error(`antd-${mode}.css is missing from the build`);
          return {
            tag: "link",
            attrs: { rel: "stylesheet", href: `/${asset.fileName}`, media: `(prefers-color-scheme: ${mode})`, "data-antd-styles": mode },
            injectTo: "head-prepend" as const,
          };
        });
      },
    },
  };
}

export default defineConfig({
  define: benchPlainDefines,
  plugins: [
    react(),
    // ANTD_RUNTIME_STYLES=1 builds without the files (antd writes every style in the browser), to
    // measure what they save: npm run bench:first-load -- --against <that build>.
    ...(process.env.ANTD_RUNTIME_STYLES === "1" ? [] : [antdStyles()]),
    // Brotli and gzip copies next to each file, made once at build time: the server sends the one the
    // browser accepts (@fastify/static's preCompressed) without compressing on every request.
    compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 }),
  ],
  resolve: {
    // "@contract" and "@contract/resources" are entries (index.ts); any other "@contract/<path>" is
    // that file of contract/ (a resource's own schemas, contract/<name>.ts).
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      { find: /^@contract$/, replacement: fileURLToPath(new URL("./contract/index.ts", import.meta.url)) },
      { find: /^@contract\/resources$/, replacement: fileURLToPath(new URL("./contract/resources/index.ts", import.meta.url)) },
      { find: "@contract", replacement: fileURLToPath(new URL("./contract", import.meta.url)) },
    ],
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
        moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.some((pattern) => pattern.test(id)),
      },
    },
    chunkSizeWarningLimit: 1500,
  },
});
