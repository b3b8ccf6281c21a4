// The one door of crypto: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createChainFollower } from "./chain-follower.ts";
export type { CryptoService } from "./crypto.service.ts";
export { createCryptoService } from "./crypto.service.ts";
export type { CryptoWithdrawals } from "./crypto-withdrawals.service.ts";
export type { DepositAddresses } from "./deposit-addresses.service.ts";
export { createDepositAddresses } from "./deposit-addresses.service.ts";
