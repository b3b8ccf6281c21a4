/**
 * Import rules that Biome cannot express, run by `npm run lint` (see ARCHITECTURE.md, "Layout").
 * Web: components/lib <- features <- app; features never import each other.
 * Server: a module is entered only through its door, modules/<m>/index.ts.
 * Every workspace declares each package it imports in its own package.json.
 */
// Tests, test helpers and seeds (and the seed runner and the test app) may reach inside a module.
const testLike =
  "([.]test[.]ts|[.]test-helpers[.]ts|[.]seed[.]ts|/test-support/.+|^apps/server/src/db/seed[.]ts|^apps/server/src/test-app[.]ts)$";
// A module's test drivers: imported directly by tests, e2e and scripts, never through the door.
const testDrivers = "([.]test-helpers[.]ts|/test-support/.+)$";

// The HTTP wiring: it registers the modules' routes.
const httpWiring = "^apps/server/src/app[.]ts$";

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
      name: "server-module-entered-not-by-its-door",
      comment:
        "A server module is used from another module only through its one door, modules/<m>/index.ts, " +
        'which exports what others may use (docs/architecture.md, "One door"). Tests, test helpers ' +
        "and seeds may reach further, and anyone may use a module's test drivers (*.test-helpers.ts, " +
        "test-support/), which stay out of the door.",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/", pathNot: testLike },
      to: {
        path: "^apps/server/src/modules/([^/]+)/",
        pathNot: ["^apps/server/src/modules/$1/", "^apps/server/src/modules/[^/]+/index[.]ts$", testDrivers],
      },
    },
    {
      name: "server-module-entered-not-by-its-door-from-outside",
      comment:
        "The same door for the rest of the repository (app/, http/, jobs/, plugins/, providers/, the " +
        "wiring, scripts/, e2e/): an import into modules/<m>/ names modules/<m>/index.ts.",
      severity: "error",
      from: { pathNot: ["^apps/server/src/modules/", testLike, httpWiring] },
      to: {
        path: "^apps/server/src/modules/[^/]+/",
        pathNot: ["^apps/server/src/modules/[^/]+/index[.]ts$", testDrivers],
      },
    },
    {
      name: "server-module-entered-not-by-its-door-from-the-http-wiring",
      comment:
        "app.ts registers each module's routes from its *.routes.ts, the only import past a door: the " +
        "routes stay out of the doors, where they would close cycles (customers' routes need auth, " +
        "whose service needs customers). Everything else it takes through the door.",
      severity: "error",
      from: { path: httpWiring },
      to: {
        path: "^apps/server/src/modules/[^/]+/",
        pathNot: ["^apps/server/src/modules/[^/]+/(index|[^/]+[.]routes)[.]ts$"],
      },
    },
    {
      name: "server-module-imports-its-own-door",
      comment:
        "Inside a module, files import their siblings directly: the door is for the others, and a file " +
        "that imported its own door would run in a cycle through it.",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/" },
      to: { path: "^apps/server/src/modules/$1/index[.]ts$" },
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
