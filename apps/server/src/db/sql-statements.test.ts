import { describe, expect, it } from "vitest";
import { readSqlFunctions } from "./migrate.ts";
import { sqlStatements } from "./sql-statements.ts";

describe("a SQL file split into statements", () => {
  it("splits at semicolons outside quotes, dollar-quoted bodies and comments", () => {
    const file = [
      "-- a comment; not a split",
      "CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$;",
      "/* one; more */ SELECT 'a;b', \"c;d\";",
      "DO $body$ BEGIN PERFORM 1; END $body$;",
      "-- trailing comment only",
    ].join("\n");
    expect(sqlStatements(file).map((s) => s.trim())).toEqual([
      "-- a comment; not a split\nCREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$;",
      "/* one; more */ SELECT 'a;b', \"c;d\";",
      "DO $body$ BEGIN PERFORM 1; END $body$;",
    ]);
  });

  it("keeps every live SQL file whole: its statements joined are the file", async () => {
    for (const { file, sql } of await readSqlFunctions()) {
      const statements = sqlStatements(sql);
      expect(statements.length, file).toBeGreaterThan(0);
      expect(
        sql.startsWith(statements.join("")) || sql.trimEnd().startsWith(statements.join("").trimEnd()),
        file,
      ).toBe(true);
    }
  });
});
