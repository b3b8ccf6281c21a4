import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { createMerchantsRepository } from "./modules/merchants/merchants.repository.ts";
import { createMerchantsService } from "./modules/merchants/merchants.service.ts";

/** Wires every module's service to its repository and to the services it may call. */
export function createServices(_config: Config, database: Database) {
  const merchants = createMerchantsService({ repository: createMerchantsRepository(database.db) });
  return { merchants };
}

export type Services = ReturnType<typeof createServices>;
