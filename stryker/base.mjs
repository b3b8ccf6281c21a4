// Shared StrykerJS settings for `npm run test:mutation` (docs/testing.md). Each target file
// names what it mutates, the Vitest project that must kill the mutants, and its break threshold.

// Only the workspace under test and what it imports need to be in the sandbox.
const CLIENT_SIDE_IGNORED = ["apps/server", "apps/kyc-widget", "e2e", "docs", "reports"];

/**
 * @param {{ name: string, dir: string, vitestConfig?: string, mutate: string[], breakAt: number, ignorePatterns?: string[] }} target
 * @returns {object} Stryker options (see https://stryker-mutator.io/docs/stryker-js/configuration/)
 */
export function mutationTarget({
  name,
  dir,
  vitestConfig,
  mutate,
  breakAt,
  ignorePatterns = CLIENT_SIDE_IGNORED,
}) {
  return {
    testRunner: "vitest",
    plugins: ["@stryker-mutator/vitest-runner"],
    // `dir` limits the run to the target's tests; a config that sets its own root scans from there.
    vitest: vitestConfig
      ? { configFile: vitestConfig, related: false }
      : { configFile: `${dir}/vitest.config.ts`, dir, related: false },
    mutate,
    // The machine is shared: two workers at most.
    concurrency: 2,
    coverageAnalysis: "perTest",
    ignorePatterns,
    reporters: ["clear-text", "progress", "html", "json"],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    tempDirName: ".stryker-tmp",
    cleanTempDir: "always",
    // `high` and `low` colour the report; `break` fails the run below it.
    thresholds: { high: 95, low: breakAt, break: breakAt },
  };
}
