import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { Services } from "./services.ts";

/** What every module's routes are built with: its own file so modules need not import app.ts. */
export type AppDeps = { config: Config; database: Database; services: Services };
