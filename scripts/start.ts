import { ConfigError, loadConfig } from "../apps/server/src/config.ts";
import { startFailure } from "../apps/server/src/db/prepare.ts";
import { start } from "../apps/server/src/main.ts";
import { checkNodeVersion } from "../apps/server/src/node-version.ts";
import { startLocalChains } from "../apps/server/src/providers/chain/local/local-chains.ts";
import { buildStaleApps } from "./build-apps.ts";

/**
 * `npm start`: the whole product in one process. Config is checked before anything is built,
 * so a bad value stops the start at once with one line naming it. `CHAINS=local` first starts a
 * local EVM node and litecoind regtest beside it and points the product at them (docs/chains.md).
 */
const oldNode = checkNodeVersion();
if (oldNode) {
  console.error(oldNode);
  process.exit(1);
}
try {
  loadConfig();
  const local =
    process.env.CHAINS === "local" ? await startLocalChains((line) => console.log(line)) : undefined;
  const config = loadConfig({ ...process.env, ...local?.env });
  buildStaleApps();
  await start(config, { worker: config.runWorker });
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : `Kestrel failed to start: ${startFailure(e)}`);
  process.exit(1);
}
