// The one door of backoffice: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createBackofficeService } from "./backoffice.service.ts";
export { createReportsService } from "./reports.service.ts";
export { createStuckPaymentsService } from "./stuck-payments.service.ts";
