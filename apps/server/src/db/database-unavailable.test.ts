import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../plugins/error-handler.ts";
import { openDatabase } from "./database.ts";
import { freePort } from "./embedded.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";
import { clientSourceFromPool, inTransaction, isDatabaseUnavailable } from "./transaction.ts";

// Issue 37: a failover (the leader killed, a new one elected) must answer 503 with Retry-After,
// never 500, drop the broken connections and leave no transaction half applied. The errors
// here are PostgreSQL's and node-postgres's own, provoked on the test server.
let database: TestDatabase;
let app: FastifyInstance;
let route: () => Promise<unknown>;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.pool.query("create table failover_probe (id int primary key)");
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.post("/probe", async () => ({ result: await route() }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const answer = async (fn: () => Promise<unknown>) => {
  route = fn;
  return app.inject({ method: "POST", url: "/probe" });
};
const expect503 = (res: Awaited<ReturnType<typeof answer>>) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers["retry-after"]).toBe("2");
  expect(res.json()).toMatchObject({ error: "SERVICE_UNAVAILABLE", errorId: 503 });
};

/** A connection of the pool's that the server ends (as a dying leader does) while it runs. */
function terminatedMidTransaction() {
  return inTransaction(clientSourceFromPool(database.pool), async (tx) => {
    await tx.query("insert into failover_probe (id) values (1)");
    await tx.query("select pg_terminate_backend(pg_backend_pid())");
    await tx.query("insert into failover_probe (id) values (2)");
  });
}

describe("the database unavailable: 503 with Retry-After", () => {
  it("a leader demoted to read-only (25006) answers 503", async () => {
    const res = await answer(() =>
      inTransaction(clientSourceFromPool(database.pool), async (tx) => {
        await tx.query("set transaction read only");
        await tx.query("insert into failover_probe (id) values (10)");
      }),
    );
    expect503(res);
  });

  it("a connection the server ends mid-transaction (57P01) answers 503 and applies nothing", async () => {
    const res = await answer(() => terminatedMidTransaction());
    expect503(res);
    const { rows } = await database.pool.query("select id from failover_probe where id in (1, 2)");
    expect(rows).toEqual([]);
  });

  it("the pool drops a connection that met a read-only server; the next query gets another", async () => {
    // Behind the proxy a connection made before the failover may still reach the demoted node:
    // its transaction rolled back cleanly, but handing it out again would fail again.
    const pool = openDatabase(database.url, { max: 1 }).pool;
    try {
      const [before] = (await pool.query<{ pid: number }>("select pg_backend_pid() as pid")).rows;
      const readOnly = inTransaction(clientSourceFromPool(pool), async (tx) => {
        await tx.query("set transaction read only");
        await tx.query("insert into failover_probe (id) values (11)");
      });
      await expect(readOnly).rejects.toSatisfy(isDatabaseUnavailable);
      const [after] = (await pool.query<{ pid: number }>("select pg_backend_pid() as pid")).rows;
      expect(after?.pid).not.toBe(before?.pid);
    } finally {
      await pool.end();
    }
  });

  it("no server listening (ECONNREFUSED, a node being replaced) answers 503", async () => {
    const url = new URL(database.url);
    url.port = String(await freePort());
    const pool = openDatabase(url.toString()).pool;
    try {
      expect503(await answer(() => pool.query("select 1")));
    } finally {
      await pool.end();
    }
  });

  it("the proxy accepting and closing at once (no leader yet) answers 503", async () => {
    const net = await import("node:net");
    const closer = net.createServer((socket) => socket.destroy());
    await new Promise<void>((r) => closer.listen(0, "127.0.0.1", r));
    const url = new URL(database.url);
    url.port = String((closer.address() as import("node:net").AddressInfo).port);
    const pool = openDatabase(url.toString()).pool;
    try {
      expect503(await answer(() => pool.query("select 1")));
    } finally {
      await pool.end();
      closer.close();
    }
  });

  it("sees through a wrapper's cause to the connection error inside", async () => {
    const cause = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    expect503(
      await answer(async () => {
        throw new Error("Failed query: insert ...", { cause });
      }),
    );
  });

  it("a bug stays a 500: a constraint violation or a plain error is not a failover", async () => {
    const dup = await answer(() => database.pool.query("insert into failover_probe (id) values (20), (20)"));
    expect(dup.statusCode).toBe(500);
    expect(dup.headers["retry-after"]).toBeUndefined();
    const bug = await answer(async () => {
      throw new TypeError("x is undefined");
    });
    expect(bug.statusCode).toBe(500);
  });
});
