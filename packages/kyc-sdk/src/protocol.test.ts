import { describe, expect, it } from "vitest";
import { CHANNEL, envelope, parseHostMessage, parseWidgetMessage } from "./protocol.ts";

const on = (message: Record<string, unknown>) => ({ channel: CHANNEL, ...message });

describe("host → widget messages", () => {
  it.each([
    [
      on({ type: "init", accessToken: "t", language: "en" }),
      { type: "init", accessToken: "t", language: "en" },
    ],
    [
      on({
        type: "init",
        accessToken: "t",
        language: "de",
        email: "a@b.c",
        phone: "49151",
        country: "DE",
        documentSettings: { documentTypes: ["ID_CARD"], countries: ["DE", "AT"] },
        options: { theme: "dark", primaryColor: "#112233" },
      }),
      {
        type: "init",
        language: "de",
        documentSettings: { documentTypes: ["ID_CARD"] },
        options: { theme: "dark" },
      },
    ],
    [on({ type: "accessTokenUpdate", accessToken: "t2" }), { type: "accessTokenUpdate", accessToken: "t2" }],
    [on({ type: "accessTokenUpdate", error: "nope" }), { type: "accessTokenUpdate", error: "nope" }],
    [on({ type: "navigateBack" }), { type: "navigateBack" }],
    [on({ type: "language", lang: "de" }), { type: "language", lang: "de" }],
    [on({ type: "theme", theme: "dark" }), { type: "theme", theme: "dark" }],
  ])("reads %o", (data, expected) => {
    expect(parseHostMessage(data)).toMatchObject(expected);
  });

  it.each([
    ["another channel", { channel: "x", type: "navigateBack" }],
    ["no channel", { type: "navigateBack" }],
    ["a string", "navigateBack"],
    ["a token that is no string", on({ type: "init", accessToken: 5, language: "en" })],
    ["a language that is no code", on({ type: "init", accessToken: "t", language: "<script>" })],
    [
      "an unknown document type",
      on({ type: "init", accessToken: "t", language: "en", documentSettings: { documentTypes: ["VISA"] } }),
    ],
    [
      "a colour that is no hex colour",
      on({ type: "init", accessToken: "t", language: "en", options: { primaryColor: "red;x" } }),
    ],
    ["an unknown theme", on({ type: "theme", theme: "neon" })],
    ["an empty token update", on({ type: "accessTokenUpdate" })],
    ["an unknown type", on({ type: "eval", code: "1" })],
  ])("drops %s", (_name, data) => {
    expect(parseHostMessage(data)).toBeUndefined();
  });
});

describe("widget → host messages", () => {
  it.each([
    [on({ type: "ready" }), { type: "ready" }],
    [on({ type: "initialized" }), { type: "initialized" }],
    [on({ type: "resize", height: 512 }), { type: "resize", height: 512 }],
    [on({ type: "scroll", top: 0 }), { type: "scroll", top: 0 }],
    [on({ type: "error", message: "m" }), { type: "error", message: "m" }],
    [
      on({ type: "error", message: "m", code: "INVALID_TOKEN" }),
      { type: "error", message: "m", code: "INVALID_TOKEN" },
    ],
  ])("reads %o", (data, expected) => {
    expect(parseWidgetMessage(data)).toEqual(expected);
  });

  it.each([
    on({ type: "resize", height: -1 }),
    on({ type: "resize", height: Number.NaN }),
    on({ type: "scroll" }),
    on({ type: "error" }),
    on({ type: "init", accessToken: "t", language: "en" }),
    { type: "ready" },
  ])("drops %o", (data) => {
    expect(parseWidgetMessage(data)).toBeUndefined();
  });

  it("wraps messages on the channel, leaving out undefined fields", () => {
    expect(envelope({ type: "init", accessToken: "t", language: "en", email: undefined })).toEqual({
      channel: CHANNEL,
      type: "init",
      accessToken: "t",
      language: "en",
    });
  });
});
