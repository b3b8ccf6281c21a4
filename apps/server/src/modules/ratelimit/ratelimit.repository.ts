import type { ClientSource } from "../../db/transaction.ts";

/** Fixed-window counters, by key and window start (rate_limits). */
export function createRateLimitRepository(deps: { db: ClientSource }) {
  const { db } = deps;
  return {
    /** Counts one hit in the fixed window starting at `windowStart`; returns the window's count. */
    async hit(key: string, windowStart: Date): Promise<number> {
      const { rows } = await db.withClient((c) =>
        c.query<{ count: number }>(
          `insert into rate_limits (key, window_start, count) values ($1, $2, 1)
           on conflict (key, window_start) do update set count = rate_limits.count + 1
           returning count`,
          [key, windowStart],
        ),
      );
      return Number(rows[0]?.count ?? 0);
    },
    /**
     * Claims one place in the window, in one conditional statement: concurrent claims take turns
     * on the row and each re-reads its count, so no more than `max` succeed. False when full.
     */
    async claim(key: string, windowStart: Date, max: number): Promise<boolean> {
      const { rows } = await db.withClient((c) =>
        c.query(
          `insert into rate_limits (key, window_start, count) values ($1, $2, 1)
           on conflict (key, window_start) do update set count = rate_limits.count + 1
             where rate_limits.count < $3
           returning count`,
          [key, windowStart, max],
        ),
      );
      return rows.length > 0;
    },
    /** Gives back a claimed place (the event it was held for did not count after all). */
    async giveBack(key: string, windowStart: Date): Promise<void> {
      await db.withClient((c) =>
        c.query(
          "update rate_limits set count = greatest(count - 1, 0) where key = $1 and window_start = $2",
          [key, windowStart],
        ),
      );
    },
    /** Deletes the count of one window. */
    async forget(key: string, windowStart: Date): Promise<void> {
      await db.withClient((c) =>
        c.query("delete from rate_limits where key = $1 and window_start = $2", [key, windowStart]),
      );
    },
    /** Deletes the windows that started before `before`; answers how many. */
    async purgeStartedBefore(before: Date): Promise<number> {
      const { rowCount } = await db.withClient((c) =>
        c.query("delete from rate_limits where window_start < $1", [before]),
      );
      return rowCount ?? 0;
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
