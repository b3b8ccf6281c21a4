// The one door of statements: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createStatementsService } from "./statements.service.ts";
