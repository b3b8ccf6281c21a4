import { openDatabase } from "../../../db/database.ts";
import { clientSourceFromPool } from "../../../db/transaction.ts";
import { createLedgerService } from "../ledger.service.ts";
import { type CrashPlan, crashOperation } from "./crash-load.ts";

// Run by ledger.crash.test.ts as its own process (node <this file> <database url> <plan json>),
// then killed with SIGKILL in the middle of the load. Prints "applied <n>" after each commit.

const [url, planJson] = process.argv.slice(2);
if (!url || !planJson) throw new Error("usage: crash-load-child.ts <database url> <plan json>");
const plan = JSON.parse(planJson) as CrashPlan;
const database = openDatabase(url, { max: 8 });
const ledger = createLedgerService({ db: clientSourceFromPool(database.pool) });

let next = 0;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    for (let i = next++; i < plan.operations; i = next++) {
      await ledger.applyOperation(crashOperation(plan, i));
      process.stdout.write(`applied ${i}\n`);
    }
  }),
);
await database.close();
process.stdout.write("done\n");
