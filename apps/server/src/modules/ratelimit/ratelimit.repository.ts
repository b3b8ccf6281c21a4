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
    /**
     * Claims one place in the window, in one conditional statement: concurrent claims take turns
     * on the row and each re-reads its count, so no more than `max` succeed. False when full.
     */
    async claim(key: string, windowStart: Date, max: number): Promise<boolean> {
      const result = await db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
        on conflict (key, window_start) do update set count = rate_limits.count + 1
          where rate_limits.count < ${max}
        returning count`);
      return result.rows.length > 0;
    },
    /** Gives back a claimed place (the event it was held for did not count after all). */
    async giveBack(key: string, windowStart: Date): Promise<void> {
      await db.execute(sql`
        update rate_limits set count = greatest(count - 1, 0)
        where key = ${key} and window_start = ${windowStart.toISOString()}`);
    },
    /** Windows long past are of no use; the worker calls this now and then. */
    async purgeBefore(before: Date): Promise<void> {
      await db.execute(sql`delete from rate_limits where window_start < ${before.toISOString()}`);
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
