import { readFileSync } from "node:fs";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "./index.ts";

// The database is what the committed migrations build; drizzle-kit's snapshot of the last one is
// the tables it knows. A schema edit that would change the database without a migration (or a
// refactoring of these files that is meant to change nothing, such as columns.ts) shows here as
// the SQL `npm run db:generate` would write.
const meta = new URL("../migrations/meta/", import.meta.url);

function lastSnapshot() {
  const journal = JSON.parse(readFileSync(new URL("_journal.json", meta), "utf8")) as {
    entries: { idx: number }[];
  };
  const last = journal.entries.at(-1)?.idx ?? 0;
  const file = new URL(`${String(last).padStart(4, "0")}_snapshot.json`, meta);
  return JSON.parse(readFileSync(file, "utf8"));
}

describe("db/schema", () => {
  it("declares exactly the tables the last migration left: no SQL to generate", async () => {
    const snapshot = lastSnapshot();
    const current = generateDrizzleJson(schema, snapshot.id);
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });
});
