/**
 * Import rules that Biome cannot express, run by `npm run lint` (see ARCHITECTURE.md, "Layout").
 * Web: components/lib <- features <- app; features never import each other.
 * Server: a module reaches another only through its service, types and errors files.
 * Every workspace declares each package it imports in its own package.json.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "web-feature-imports-another-feature",
      comment:
        "A web feature must not import another feature: what several features show or use lives in " +
        "apps/web/src/components (UI) or apps/web/src/lib (data, formatting).",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/([^/]+)/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-app-imported-from-below",
      comment:
        "apps/web/src/app wires the features together; nothing under features, components or lib imports it.",
      severity: "error",
      from: { path: "^apps/web/src/(features|components|lib)/" },
      to: { path: "^apps/web/src/app/" },
    },
    {
      name: "web-shared-code-imports-a-feature",
      comment: "components and lib are shared by the features, so they must not depend on any one of them.",
      severity: "error",
      from: { path: "^apps/web/src/(components|lib)/" },
      to: { path: "^apps/web/src/features/" },
    },
    {
      name: "server-module-imports-another-modules-internals",
      comment:
        "A server module uses another only through its *.service.ts (what it does), *.types.ts (its " +
        "types, constants and shared wire shapes) and *.errors.ts (its codes): the rest (repository, " +
        "rules, views, input parsing) stays private to its module (docs/architecture.md). Tests, test " +
        "helpers and seeds may reach further.",
      severity: "error",
      from: {
        path: "^apps/server/src/modules/([^/]+)/",
        pathNot: "([.]test[.]ts|[.]test-helpers[.]ts|[.]seed[.]ts|/test-support/.+)$",
      },
      to: {
        path: "^apps/server/src/modules/([^/]+)/",
        pathNot: ["^apps/server/src/modules/$1/", "[.](service|types|errors)[.]ts$"],
      },
    },
    {
      name: "package-not-declared",
      comment:
        "Each workspace declares every package it imports in its own package.json (the root's for " +
        "scripts/ and e2e/); an undeclared import only resolves by the luck of hoisting. " +
        "dependency-cruiser counts @types/x as declaring x, so declare x itself as well.",
      severity: "error",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "package-not-found",
      comment: "An import that resolves to nothing: a missing or misspelled package.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Build output and local databases only: packages inside node_modules also ship a dist/ folder.
    exclude: { path: "^(apps|packages)/[^/]+/dist/|(^|/)[.](test-)?data/" },
    tsPreCompilationDeps: true,
    preserveSymlinks: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
