import { CHANNEL } from "@kestrel/kyc-sdk";
import { describe, expect, it, vi } from "vitest";
import { createBridge, TOKEN_FALLBACK_ERROR } from "./bridge.ts";

const HOST = "https://shop.example";

/** A stand-in for the widget's window inside a frame of `HOST` (happy-dom has no real frames). */
function framedWindow(search = `?hostOrigin=${encodeURIComponent(HOST)}`, ancestor?: string) {
  const listeners: Array<(e: MessageEvent) => void> = [];
  const parent = { postMessage: vi.fn() };
  const win = {
    parent,
    location: { search, ancestorOrigins: ancestor ? [ancestor] : undefined },
    addEventListener: (_type: string, listener: (e: MessageEvent) => void) => listeners.push(listener),
  } as unknown as Window;
  const fromHost = (data: Record<string, unknown>, origin = HOST, source: unknown = parent) => {
    for (const l of listeners) l({ data: { channel: CHANNEL, ...data }, origin, source } as MessageEvent);
  };
  return { win, parent, fromHost };
}

describe("widget bridge", () => {
  it("knows it is not framed when opened on its own, and then sends nothing", () => {
    const bridge = createBridge(window);
    expect(bridge.framed).toBe(false);
    expect(bridge.hostOrigin).toBeUndefined();
  });

  it("takes the host origin from the browser's ancestor origins over the URL", () => {
    const { win } = framedWindow(`?hostOrigin=${encodeURIComponent("https://evil.example")}`, HOST);
    expect(createBridge(win).hostOrigin).toBe(HOST);
  });

  it("refuses a host origin that is not an origin", () => {
    expect(createBridge(framedWindow("?hostOrigin=javascript:alert(1)").win).hostOrigin).toBeUndefined();
    expect(
      createBridge(framedWindow(`?hostOrigin=${encodeURIComponent(`${HOST}/path`)}`).win).hostOrigin,
    ).toBeUndefined();
  });

  it("posts to the host origin only", () => {
    const { win, parent } = framedWindow();
    createBridge(win).post({ type: "ready" });
    expect(parent.postMessage).toHaveBeenCalledWith({ channel: CHANNEL, type: "ready" }, HOST);
  });

  it("says ready once per page", () => {
    const { win, parent } = framedWindow();
    const bridge = createBridge(win);
    bridge.ready();
    bridge.ready();
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
  });

  it("hears the parent at the host origin, and nobody else", () => {
    const { win, fromHost } = framedWindow();
    const bridge = createBridge(win);
    const heard = vi.fn();
    bridge.subscribe(heard);
    fromHost({ type: "language", lang: "de" });
    fromHost({ type: "language", lang: "fr" }, "https://evil.example");
    fromHost({ type: "language", lang: "fr" }, HOST, {});
    fromHost({ type: "language", lang: 42 });
    expect(heard.mock.calls).toEqual([[{ type: "language", lang: "de" }]]);
  });

  it("asks for a new token once however many calls need it, and gets it", async () => {
    const { win, parent, fromHost } = framedWindow();
    const bridge = createBridge(win);
    const first = bridge.requestToken("expired");
    const second = bridge.requestToken("expired");
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { channel: CHANNEL, type: "error", code: "INVALID_TOKEN", message: "expired" },
      HOST,
    );
    fromHost({ type: "accessTokenUpdate", accessToken: "new-token" });
    await expect(first).resolves.toBe("new-token");
    await expect(second).resolves.toBe("new-token");
  });

  it("fails with the host's message when the host cannot renew the token, or the fallback", async () => {
    const { win, fromHost } = framedWindow();
    const bridge = createBridge(win);
    const failing = bridge.requestToken("expired");
    fromHost({ type: "accessTokenUpdate", error: "Session ended" });
    await expect(failing).rejects.toThrow("Session ended");
    const empty = bridge.requestToken("expired");
    fromHost({ type: "accessTokenUpdate", error: "" });
    await expect(empty).rejects.toThrow(TOKEN_FALLBACK_ERROR);
  });
});
