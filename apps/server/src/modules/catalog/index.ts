// The one door of catalog: what code outside the module may use (docs/architecture.md, "One door").
// Inside the module, files import their siblings directly, never this file.
export { createCatalogRepository } from "./catalog.repository.ts";
export type { CatalogService, OperationSwitch } from "./catalog.service.ts";
export { createCatalogService } from "./catalog.service.ts";
export { OPERATION_NAMES } from "./catalog.types.ts";
export type { CustomerKyc } from "./operation-types.ts";
