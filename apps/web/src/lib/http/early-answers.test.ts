import { describe, expect, it, vi } from "vitest";
import type { EarlyAnswers } from "../../session-start.ts";
import { withEarlyAnswers } from "./early-answers.ts";

const answered = (entries: Record<string, Response | undefined>, startedAt = 1_000): EarlyAnswers => ({
  startedAt,
  answers: new Map(Object.entries(entries).map(([key, response]) => [key, Promise.resolve(response)])),
});

describe("the app's fetch with session-start's answers", () => {
  it("takes an answer once, for the same method and address only", async () => {
    const send = vi.fn(async () => new Response("network"));
    const early = answered({ "GET /v3/wallets": new Response("early") });
    const fetchEarly = withEarlyAnswers(
      send,
      () => early,
      () => 2_000,
    );
    expect(await (await fetchEarly(`${location.origin}/v3/wallets`, { method: "POST" })).text()).toBe(
      "network",
    );
    expect(await (await fetchEarly(new Request(`${location.origin}/v3/wallets`))).text()).toBe("early");
    expect(await (await fetchEarly("/v3/wallets")).text()).toBe("network");
    expect(await (await fetchEarly("/v3/wallets?x=1")).text()).toBe("network");
  });

  it("asks the network when the early call failed, went unsent or is no longer fresh", async () => {
    const send = vi.fn(async () => new Response("network"));
    const early = answered({ "GET /a": undefined, "GET /b": new Response("early") });
    expect(
      await (
        await withEarlyAnswers(
          send,
          () => early,
          () => 2_000,
        )("/a")
      ).text(),
    ).toBe("network");
    expect(
      await (
        await withEarlyAnswers(
          send,
          () => early,
          () => 31_001,
        )("/b")
      ).text(),
    ).toBe("network");
    expect(await (await withEarlyAnswers(send, () => undefined)("/b")).text()).toBe("network");
  });

  it("never answers another origin's request", async () => {
    const send = vi.fn(async () => new Response("network"));
    const early = answered({ "GET /v3/wallets": new Response("early") });
    expect(
      await (
        await withEarlyAnswers(
          send,
          () => early,
          () => 2_000,
        )("https://elsewhere.test/v3/wallets")
      ).text(),
    ).toBe("network");
  });
});
