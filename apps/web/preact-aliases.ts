import type { Alias } from "vite";

/**
 * The web app runs on Preact through preact/compat instead of React: the same components, hooks
 * and libraries (react-router, TanStack Query, Radix, react-i18next, react-hook-form) for ~11 KB
 * of gzipped JavaScript instead of ~67 KB (issue 24's 150 KB first-load budget,
 * docs/web-performance.md). The code and its types stay React's; only the bundler (and the web
 * tests, so they test what ships) resolve `react` and `react-dom` to Preact.
 * Exact matches: `react-router` or `react-i18next` must not be caught by a prefix.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  // react-i18next's CommonJS shim would require the real react; Preact has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: "preact/compat" },
];
