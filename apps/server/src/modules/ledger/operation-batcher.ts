import type { CompanionCall, Json } from "./ledger.types.ts";
import * as ops from "./operations.repository.ts";
import { type ClientSource, inOneStatement, type RetryPolicy } from "./transaction.ts";

type Item = {
  args: ops.ApplyArgs & { response: Json };
  companions: CompanionCall[];
  resolve: (outcome: ops.ApplyOutcome) => void;
  reject: (err: unknown) => void;
};

/** The most operations one statement carries (a statement's work stays short). */
const MAX_BATCH = 32;

/**
 * Group commit for the operations that are one statement each (the response known up front,
 * companions included): at most one statement of this batcher is in flight; the operations that
 * arrive meanwhile wait and then go together, in one statement and one commit (migration 0015),
 * each still applied or refused on its own. An operation that finds nothing in flight goes at
 * once, as the single statement it always was: no waiting when the server is quiet.
 * A batch locks all its accounts first, in id order (migration 0015), so it queues behind other
 * writers like one operation and never deadlocks with them; only operations whose accounts are
 * named by id can be batched. A serialization failure or deadlock (another writer's lock order,
 * a concurrent duplicate key) fails the whole statement, which is retried whole.
 */
export function createOperationBatcher(
  db: ClientSource,
  retry: RetryPolicy,
  onBatch?: (size: number) => void,
) {
  const queue: Item[] = [];
  let running = false;

  /** One operation as its own statement. */
  const alone = (args: Item["args"], companions: CompanionCall[]) =>
    inOneStatement(db, (client) => ops.applyOperationSql(client, args, companions), retry);

  async function run(batch: Item[]) {
    onBatch?.(batch.length);
    try {
      const [first] = batch;
      if (batch.length === 1 && first) {
        first.resolve(await alone(first.args, first.companions));
        return;
      }
      const answers = await inOneStatement(db, (client) => ops.applyOperationsBatchSql(client, batch), retry);
      answers.forEach((answer, i) => {
        const item = batch[i] as Item;
        if (answer instanceof ops.BatchedDatabaseError) item.reject(answer);
        else item.resolve(answer);
      });
    } catch (err) {
      for (const item of batch) item.reject(err);
    }
  }

  async function drain() {
    running = true;
    try {
      while (queue.length > 0) await run(queue.splice(0, MAX_BATCH));
    } finally {
      running = false;
    }
  }

  return {
    apply(args: Item["args"], companions: CompanionCall[] = []): Promise<ops.ApplyOutcome> {
      // Accounts picked inside the statement (a house shard) or found through a reservation
      // cannot be locked up front with the batch's others: such an operation goes on its own.
      if (!args.legs.every(namesItsAccounts)) return alone(args, companions);
      return new Promise((resolve, reject) => {
        queue.push({ args, companions, resolve, reject });
        if (!running) void drain();
      });
    },
  };
}

/** A posted transfer between two accounts given by id (a send between customers' wallets). */
const namesItsAccounts = (leg: ops.SqlLeg): boolean =>
  leg.type === "posted" && leg.debit !== undefined && leg.credit !== undefined;
