// Exists only for `npm run bench:nav -- --plain D,E,...`: which of the console's departures from its
// framework a bench build turns off, using antd's or Refine's own way instead (docs/performance.md
// names them D to G; A, the row elements, B, the hint layer, and C, the breakpoints, were removed).
// vite.config.ts replaces each flag with true or false, at build time, so the way not taken is
// dropped from the bundle; only `vite build --mode bench` with VITE_BENCH_PLAIN set has any true.

/** (D) antd's Avatar. */
declare const __BENCH_PLAIN_AVATAR__: boolean;
/** (E) antd Table's scroll.x and fixed: "right", not the scroll-edge watchers. */
declare const __BENCH_PLAIN_SCROLL__: boolean;
/** (F) The current screen alone, not the screen stack rendering the next one out of sight. */
declare const __BENCH_PLAIN_OUTLET__: boolean;
/** (G) @refinedev/antd's useTable and antd's Table as it is (not memoized, measured). */
declare const __BENCH_PLAIN_TABLE__: boolean;
/** (H) Every row of a page in a list's first draw, not a screenful first and the rest in the next render. */
declare const __BENCH_PLAIN_FIRST_ROWS__: boolean;
