import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";

export function createRateLimitRepository(db: Db) {
  return {
    /** Counts one hit in the fixed window starting at `windowStart`; returns the window's count. */
    async hit(key: string, windowStart: Date): Promise<number> {
      const result = await db.execute<{ count: number }>(sql`
        insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
        on conflict (key, window_start) do update set count = rate_limits.count + 1
        returning count`);
      return Number(result.rows[0]?.count ?? 0);
    },
    async count(key: string, windowStart: Date): Promise<number> {
      const result = await db.execute<{ count: number }>(
        sql`select count from rate_limits where key = ${key} and window_start = ${windowStart.toISOString()}`,
      );
      return Number(result.rows[0]?.count ?? 0);
    },
    /** Windows long past are of no use; the worker calls this now and then. */
    async purgeBefore(before: Date): Promise<void> {
      await db.execute(sql`delete from rate_limits where window_start < ${before.toISOString()}`);
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
