import { mutationTarget } from "./base.mjs";

// The server's pure rules (issue 48): pricing and fees, limits and KYC levels, report and
// statement rules, the display rules of statuses and printed amounts. Their own unit tests,
// which need no database, must kill the mutants (stryker/server-rules.vitest.config.ts).
const rules = "apps/server/src";
export default {
  ...mutationTarget({
    name: "server-rules",
    dir: "apps/server",
    vitestConfig: "stryker/server-rules.vitest.config.ts",
    mutate: [
      `${rules}/modules/quotes/fees.ts`,
      `${rules}/modules/quotes/percent.ts`,
      `${rules}/modules/quotes/integer-math.ts`,
      `${rules}/modules/quotes/quote-pricing.ts`,
      `${rules}/modules/quotes/quote-legs.ts`,
      `${rules}/modules/kyc/limit-check.ts`,
      `${rules}/modules/kyc/kyc-state.ts`,
      `${rules}/modules/backoffice/reports-rules.ts`,
      `${rules}/modules/statements/statement-rules.ts`,
      `${rules}/modules/statements/print-format.ts`,
      `${rules}/display-status.ts`,
    ],
    // The server's tests and what they import; the clients and the browser suite stay out.
    ignorePatterns: ["apps/web", "apps/backoffice", "apps/kyc-widget", "e2e", "docs", "reports"],
    breakAt: 80,
  }),
  // Module-level tables (report kinds, labels, status words) are "static" mutants: each one
  // reloads every test file, which made the run take hours. They are left out (reported as
  // ignored); the tests pin those tables' values directly.
  ignoreStatic: true,
};
