import pg from "pg";

/** The server's pool; repositories reach it through `clientSourceFromPool` (db/transaction.ts). */
export type Database = { pool: pg.Pool; close: () => Promise<void> };

// numeric(39,0) money columns and bigint counts must never become JS numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export function openDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    // While no leader is elected a request waits at most this long for a connection, then
    // answers 503 (error-handler.ts) instead of hanging; TCP keepalive finds a dead server.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return { pool, close: () => pool.end() };
}

/** True when the database answers a trivial query within the timeout. */
export async function isDatabaseReachable(pool: pg.Pool, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = pool.query("select 1").then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
