// The one door of history: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export type { HistoryRow } from "./history.repository.ts";
export type { HistoryService } from "./history.service.ts";
export { createHistoryService, money, shortenAddress } from "./history.service.ts";
