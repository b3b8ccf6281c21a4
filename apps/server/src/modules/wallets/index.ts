// The one door of wallets: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export type { WalletsService } from "./wallets.service.ts";
export { createWalletsService } from "./wallets.service.ts";
