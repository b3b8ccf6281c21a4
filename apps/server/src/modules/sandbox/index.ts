// The one door of sandbox: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.

export { createSandboxRepository } from "./sandbox.repository.ts";
export { sandboxRoutes } from "./sandbox.routes.ts";
export { createSandboxService } from "./sandbox.service.ts";
export { sandboxAcquirerRoutes } from "./sandbox-acquirer.routes.ts";
export { sandboxBankRoutes } from "./sandbox-bank.routes.ts";
export { sandboxChainRoutes } from "./sandbox-chain.routes.ts";
export { createSandboxCredit } from "./sandbox-credit.service.ts";
export { sandboxDepositsRoutes } from "./sandbox-deposits.routes.ts";
export { sandboxIssuerRoutes } from "./sandbox-issuer.routes.ts";
export { sandboxSpendingRoutes } from "./sandbox-spending.routes.ts";
export { sandboxSupportChatRoutes } from "./sandbox-support-chat.routes.ts";
export { sandboxWalletsRoutes } from "./sandbox-wallets.routes.ts";
