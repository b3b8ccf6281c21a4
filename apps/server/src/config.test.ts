import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("config", () => {
  it("has working defaults outside production, with sandbox mode on", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.sandbox).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });

  it("stops on a bad value, naming it in one line", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT: /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("refuses to start production with a default secret or sandbox providers", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/JWT_SECRET/);
    const secrets = { JWT_SECRET: "p".repeat(40), CALLBACK_SECRET: "q".repeat(40) };
    expect(loadConfig({ NODE_ENV: "production", ...secrets }).sandbox).toBe(false);
    expect(() => loadConfig({ NODE_ENV: "production", SANDBOX: "true", ...secrets })).toThrow(/SANDBOX/);
  });

  it("keeps refresh tokens and their cookie 999 days by default (spec §9), configurable per deployment", () => {
    expect(loadConfig({}).refreshTokenTtlDays).toBe(999);
    expect(loadConfig({ REFRESH_TOKEN_TTL_DAYS: "30" }).refreshTokenTtlDays).toBe(30);
    expect(() => loadConfig({ REFRESH_TOKEN_TTL_DAYS: "0" })).toThrow(/REFRESH_TOKEN_TTL_DAYS/);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });
});
