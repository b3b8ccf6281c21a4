import type pg from "pg";

/**
 * A use-case's transaction: every service the use-case composes writes through its own repository
 * with this handle, so their writes commit together or not at all (docs/architecture.md).
 */
export type Tx = Pick<pg.PoolClient, "query">;

/** Where a use-case gets a connection: the server's pool, or a worker job's helpers. */
export type ClientSource = {
  withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
};

export function clientSourceFromPool(pool: pg.Pool): ClientSource {
  return {
    async withClient(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await fn(client);
      } catch (err) {
        // A connection that failed mid-statement may be in any state: never hand it out again.
        // A refusal thrown by the caller's own code inside a transaction that then rolled back
        // cleanly (a limit, say) leaves it as good as new.
        // A connection the server ended (failover, shutdown) or that reached a read-only node is
        // dropped too, so the pool's next connection goes through the proxy to the new leader.
        if ((!isDatabaseError(err) && !rolledBackCleanly.has(err as object)) || isDatabaseUnavailable(err)) {
          broken = err instanceof Error ? err : new Error(String(err));
        }
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
}

/** Errors after which the transaction's ROLLBACK succeeded: the connection may be reused. */
const rolledBackCleanly = new WeakSet<object>();

/** Serialization failure and deadlock: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(["40001", "40P01"]);

export type RetryPolicy = {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Told of every retried conflict (metrics, tests). */
  onRetry?: (err: DatabaseError) => void;
};
export const DEFAULT_RETRY: RetryPolicy = { attempts: 8, baseDelayMs: 4, maxDelayMs: 250 };

/**
 * Runs `fn` in one transaction (read committed), retried on 40001/40P01 with bounded, jittered
 * exponential backoff: PostgreSQL-compatible distributed engines report conflicts that way, and
 * the same code must stay correct there (docs/architecture.md "Scaling out").
 */
export function inTransaction<T>(
  source: ClientSource,
  fn: (tx: Tx) => Promise<T>,
  retry: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
  return withRetries(
    source,
    async (client) => {
      await client.query("BEGIN");
      try {
        const result = await fn(client);
        await client.query("COMMIT");
        return result;
      } catch (err) {
        const clean = await client.query("ROLLBACK").then(
          () => true,
          () => false,
        );
        if (clean && typeof err === "object" && err !== null) rolledBackCleanly.add(err);
        throw err;
      }
    },
    retry,
  );
}

async function withRetries<T>(
  source: ClientSource,
  fn: (client: pg.PoolClient) => Promise<T>,
  retry: RetryPolicy,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await source.withClient(fn);
    } catch (err) {
      if (!isRetryable(err) || attempt >= retry.attempts) throw err;
      retry.onRetry?.(err);
      // Full jitter: contending transactions spread out instead of colliding again in step.
      const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt);
      await sleep(Math.random() * ceiling);
    }
  }
}

function isRetryable(err: unknown): err is DatabaseError {
  return isDatabaseError(err) && RETRYABLE.has(err.code);
}

export type DatabaseError = Error & { code: string; constraint?: string; detail?: string };

/** An error PostgreSQL reported (it has a SQLSTATE), as opposed to a broken connection. */
export function isDatabaseError(err: unknown): err is DatabaseError {
  if (!(err instanceof Error)) return false;
  const code: unknown = (err as Error & { code?: unknown }).code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * SQLSTATEs that say the database, not the request, failed for now: a server that is no leader
 * (25006 read_only_sql_transaction: a failover demoted it), shutting down or starting
 * (57P01-57P03), out of connections (53300); and class 08, connection exceptions.
 */
const UNAVAILABLE_STATES = new Set(["25006", "57P01", "57P02", "57P03", "53300"]);
/** The socket's own failures: the server died, or nothing listens while a leader is elected. */
const UNAVAILABLE_ERRNOS = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
/** node-postgres reports a connection it lost, or could not get in time, without any code. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

/**
 * The database could not be reached or could not write just now (a failover, a restart): the
 * request may be sent again as is (503 with Retry-After, docs/operations.md). Looks through
 * `cause`: a wrapper (drizzle's migrator wraps a failed statement) keeps the driver's error there.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code: unknown = (e as Error & { code?: unknown }).code;
    if (typeof code === "string") {
      if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return true;
    } else if (UNAVAILABLE_MESSAGES.test(e.message)) {
      return true;
    }
  }
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
