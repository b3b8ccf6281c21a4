import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The server's pure rules are tested without a database, so this config leaves out the server
// config's global setup (it starts PostgreSQL) and runs only the rules' own test files. Stryker
// starts Vitest from the repository root, hence the explicit root. The pricing's property tests
// (quote-pricing.property.test.ts, 500 runs each) stay out: they cover nearly every pricing and
// fee mutant, so each mutant would cost seconds and the target hours; the example tests must
// kill these mutants on their own.
export default defineConfig({
  test: {
    name: "server-rules",
    root: fileURLToPath(new URL("../apps/server", import.meta.url)),
    environment: "node",
    // As the server config: a busy machine slows the instrumented code.
    testTimeout: 30_000,
    include: [
      "src/display-status.test.ts",
      "src/modules/iban/iban-display-status.test.ts",
      "src/modules/quotes/fees.test.ts",
      "src/modules/quotes/quote-pricing.test.ts",
      "src/modules/kyc/limit-check.test.ts",
      "src/modules/kyc/kyc-state.test.ts",
      "src/modules/backoffice/reports-rules.test.ts",
      "src/modules/statements/statement-rules.test.ts",
      "src/modules/statements/print-format.test.ts",
      "src/modules/statements/receipt-render.test.ts",
      "src/modules/statements/statement-render.test.ts",
    ],
  },
});
