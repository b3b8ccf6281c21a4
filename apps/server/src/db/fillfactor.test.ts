import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

// The rows every money operation updates keep room on their page, so that the update stays
// heap-only (no new index entries): the ledger's counters (migration 0004) and the session the
// money frame writes (0065). A rebuilt table loses its reloptions: this says so.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe("the hot tables' fillfactor", () => {
  it.each(["ledger_accounts", "sessions"])("%s keeps a fifth of each page free", async (table) => {
    const { rows } = await db.pool.query<{ options: string[] | null }>(
      "select reloptions as options from pg_class where oid = $1::regclass",
      [table],
    );
    expect(rows[0]?.options).toContain("fillfactor=80");
  });
});
