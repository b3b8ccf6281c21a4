import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test-database.ts";
import { readTableShapes } from "./catalog.ts";
import { distributeOnCitus } from "./distribute.ts";
import { distributionPlan, placementProblems } from "./placement-rules.ts";
import { NOT_YET_DISTRIBUTABLE, TABLE_PLACEMENT } from "./table-placement.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe("the Citus table map against the migrated schema", () => {
  it("places every table, and every distributed table has the merchant in its keys", async () => {
    expect(placementProblems(await readTableShapes(database.pool))).toEqual([]);
  });

  it("plans every table once: placed now, or waiting with a reason", async () => {
    const plan = distributionPlan(await readTableShapes(database.pool));
    const placedInMap = Object.keys(TABLE_PLACEMENT).filter((t) => TABLE_PLACEMENT[t] !== "coordinator");
    expect([...plan.reference, ...plan.distributed, ...plan.waiting.map((w) => w.table)].sort()).toEqual(
      placedInMap.sort(),
    );
    for (const w of plan.waiting) expect(w.why).not.toBe("");
    for (const table of Object.keys(NOT_YET_DISTRIBUTABLE)) expect(plan.distributed).not.toContain(table);
    // No table placed now touches a plain one through a foreign key, either way.
    const placed = new Set([...plan.reference, ...plan.distributed]);
    for (const shape of await readTableShapes(database.pool)) {
      for (const fk of shape.foreignKeys) {
        if (placed.has(shape.name) !== placed.has(fk.target)) {
          expect.fail(`${shape.name} -> ${fk.target}: one placed, the other plain`);
        }
      }
    }
  });
});

describe("placing the tables at start", () => {
  it("changes nothing on plain PostgreSQL (no citus extension)", async () => {
    expect(await distributeOnCitus(database.pool)).toBeUndefined();
  });
});

describe("a table that grows with customers and lacks the merchant in its keys", () => {
  // Each case changes the schema inside a transaction that is rolled back.
  async function problemsAfter(ddl: string): Promise<string[]> {
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      await client.query(ddl);
      return placementProblems(await readTableShapes(client));
    } finally {
      await client.query("rollback");
      client.release();
    }
  }

  it("fails a new table missing from the map", async () => {
    expect(
      await problemsAfter("create table customer_notes (merchant_id uuid not null, id uuid primary key)"),
    ).toEqual(["customer_notes: not in table-placement.ts (distributed, reference or coordinator?)"]);
  });

  it("fails a distributed table whose primary key lacks merchant_id", async () => {
    const problems = await problemsAfter(
      `alter table security_events drop constraint security_events_merchant_id_id_pk;
       alter table security_events add primary key (id)`,
    );
    expect(problems).toEqual(["security_events: unique security_events_pkey (id) lacks merchant_id"]);
  });

  it("fails a distributed table with a unique index that lacks merchant_id", async () => {
    const problems = await problemsAfter(
      "create unique index quote_offers_by_operation on quote_offers (operation_id)",
    );
    expect(problems).toEqual([
      "quote_offers: unique quote_offers_by_operation (operation_id) lacks merchant_id",
    ]);
  });

  it("fails a foreign key between distributed tables that lacks merchant_id", async () => {
    const problems = await problemsAfter(
      `create unique index deposits_by_id on deposits (id);
       alter table deposit_events add constraint deposit_events_by_id foreign key (deposit_id) references deposits (id)`,
    );
    expect(problems).toEqual([
      "deposit_events: foreign key deposit_events_by_id (deposit_id) to deposits lacks merchant_id",
      "deposits: unique deposits_by_id (id) lacks merchant_id",
    ]);
  });

  it("fails a reference table pointing into a distributed one", async () => {
    const problems = await problemsAfter(
      "alter table merchant_faq add column customer_id uuid, add foreign key (merchant_id, customer_id) references customers (merchant_id, id)",
    );
    expect(problems).toEqual([
      "merchant_faq: reference table with foreign key merchant_faq_merchant_id_customer_id_fkey to distributed customers",
    ]);
  });

  it("fails a table still listed as not yet distributable once its keys are right", async () => {
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      await client.query(
        "create table customer_notes (merchant_id uuid not null, id uuid not null, primary key (merchant_id, id))",
      );
      const map = {
        placement: { ...TABLE_PLACEMENT, customer_notes: "distributed" as const },
        notYet: { customer_notes: "no merchant_id in its primary key" },
      };
      expect(placementProblems(await readTableShapes(client), map)).toEqual([
        "customer_notes: its keys are ready; remove it from NOT_YET_DISTRIBUTABLE",
      ]);
    } finally {
      await client.query("rollback");
      client.release();
    }
  });
});
