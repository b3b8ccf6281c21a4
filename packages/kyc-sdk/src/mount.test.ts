import { afterEach, describe, expect, it, vi } from "vitest";
import { ERRORS, type KycWidget, type MountOptions, mount } from "./mount.ts";
import { CHANNEL } from "./protocol.ts";

const WIDGET_ORIGIN = "https://widget.example";
const URL_ = `${WIDGET_ORIGIN}/embed/kyc/v1/`;

/**
 * Mounts into a detached container (happy-dom would try to load an attached frame) and gives the
 * frame a stand-in window: what the SDK posts is recorded, and `fromWidget` plays the widget.
 */
function setUp(overrides: Partial<MountOptions> = {}) {
  const container = document.createElement("div");
  const received: unknown[] = [];
  const frameWindow = {
    postMessage: vi.fn((data: unknown, origin: string) => received.push({ data, origin })),
  };
  const messages: unknown[] = [];
  const widget = mount(container, {
    url: URL_,
    accessToken: "token-1",
    updateAccessToken: async () => "token-2",
    onMessage: (m) => messages.push(m),
    ...overrides,
  }) as KycWidget;
  Object.defineProperty(widget.iframe, "contentWindow", { value: frameWindow });
  const fromWidget = (data: Record<string, unknown>, origin = WIDGET_ORIGIN, source: unknown = frameWindow) =>
    window.dispatchEvent(
      new MessageEvent("message", { data: { channel: CHANNEL, ...data }, origin, source: source as Window }),
    );
  const sent = () => received.map((r) => (r as { data: unknown }).data);
  return { container, widget, frameWindow, received, sent, messages, fromWidget };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let widgets: KycWidget[] = [];
afterEach(() => {
  for (const w of widgets) w.destroy();
  widgets = [];
  document.head.querySelectorAll('meta[name="viewport"]').forEach((m) => {
    m.remove();
  });
  vi.restoreAllMocks();
});
const track = <T extends { widget: KycWidget }>(s: T) => {
  widgets.push(s.widget);
  return s;
};

describe("mount: set-up errors (spec §8)", () => {
  it("refuses a token that is not a string", () => {
    expect(() =>
      mount(document.createElement("div"), {
        url: URL_,
        accessToken: 42 as never,
        updateAccessToken: async () => "",
      }),
    ).toThrow(new Error("Access token must be a string"));
  });

  it("refuses a missing updateAccessToken callback", () => {
    expect(() =>
      mount(document.createElement("div"), { url: URL_, accessToken: "t" } as MountOptions),
    ).toThrow(new Error("updateAccessToken callback is required"));
  });

  it("logs a missing container as an error and mounts nothing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = mount("#nowhere", { url: URL_, accessToken: "t", updateAccessToken: async () => "t" });
    expect(result).toBeUndefined();
    expect(error).toHaveBeenCalledWith(ERRORS.containerMissing);
    expect(document.querySelector("iframe")).toBeNull();
  });
});

describe("mount: the frame", () => {
  it("puts an iframe of the widget, told the host's origin, into the container", () => {
    const { container, widget } = track(setUp());
    expect(container.querySelector("iframe")).toBe(widget.iframe);
    const src = new URL(widget.iframe.src);
    expect(src.origin + src.pathname).toBe(URL_);
    expect(src.searchParams.get("hostOrigin")).toBe(window.location.origin);
    expect(widget.iframe.getAttribute("allow")).toBe("camera");
    expect(widget.iframe.title).toBe("Identity verification");
  });

  it("adds a viewport tag when the page has none, and not a second one", () => {
    track(setUp());
    expect(document.head.querySelectorAll('meta[name="viewport"]')).toHaveLength(1);
    track(setUp());
    expect(document.head.querySelectorAll('meta[name="viewport"]')).toHaveLength(1);
  });

  it("leaves the page's head alone with addViewportTag false", () => {
    track(setUp({ addViewportTag: false }));
    expect(document.head.querySelector('meta[name="viewport"]')).toBeNull();
  });

  it("removes its frame and stops listening on destroy", () => {
    const s = setUp();
    s.widget.destroy();
    expect(s.container.querySelector("iframe")).toBeNull();
    s.fromWidget({ type: "ready" });
    expect(s.received).toHaveLength(0);
  });
});

describe("messages from the widget", () => {
  it("answers ready with init: token, language, contact details, document settings and options", () => {
    const s = track(
      setUp({
        language: "de",
        email: "ada@example.com",
        phone: "4915112345678",
        country: "DE",
        documentSettings: { documentTypes: ["PASSPORT"], countries: ["DE"] },
        options: { theme: "dark", primaryColor: "#1F3FBF" },
      }),
    );
    s.fromWidget({ type: "ready" });
    expect(s.received).toEqual([
      {
        origin: WIDGET_ORIGIN,
        data: {
          channel: CHANNEL,
          type: "init",
          accessToken: "token-1",
          language: "de",
          email: "ada@example.com",
          phone: "4915112345678",
          country: "DE",
          documentSettings: { documentTypes: ["PASSPORT"], countries: ["DE"] },
          options: { theme: "dark", primaryColor: "#1F3FBF" },
        },
      },
    ]);
    expect(s.messages).toEqual([{ type: "ready" }]);
  });

  it("passes initialized on to the host", () => {
    const s = track(setUp());
    s.fromWidget({ type: "initialized" });
    expect(s.messages).toEqual([{ type: "initialized" }]);
  });

  it("follows resize with the frame's height, unless told not to", () => {
    const s = track(setUp());
    s.fromWidget({ type: "resize", height: 731.4 });
    expect(s.widget.iframe.style.height).toBe("732px");
    const fixed = track(setUp({ adaptIframeHeight: false }));
    fixed.fromWidget({ type: "resize", height: 900 });
    expect(fixed.widget.iframe.style.height).toBe("640px");
  });

  it("scrolls the frame's top into view on scroll when it is out of view, unless told not to", () => {
    const at = (iframe: HTMLIFrameElement, top: number) =>
      vi.spyOn(iframe, "getBoundingClientRect").mockReturnValue({ top } as DOMRect);
    const s = track(setUp());
    const scroll = vi.spyOn(s.widget.iframe, "scrollIntoView").mockImplementation(() => {});
    at(s.widget.iframe, 120);
    s.fromWidget({ type: "scroll", top: 0 });
    expect(scroll).not.toHaveBeenCalled(); // its top is in view: the page stays where it is
    at(s.widget.iframe, -400);
    s.fromWidget({ type: "scroll", top: 0 });
    expect(scroll).toHaveBeenCalledWith({ block: "start" });
    const still = track(setUp({ scrollIntoView: false }));
    at(still.widget.iframe, -400);
    const notScrolled = vi.spyOn(still.widget.iframe, "scrollIntoView");
    still.fromWidget({ type: "scroll", top: 0 });
    expect(notScrolled).not.toHaveBeenCalled();
  });

  it("passes other errors on to the host without touching the token", () => {
    const update = vi.fn(async () => "token-2");
    const s = track(setUp({ updateAccessToken: update }));
    s.fromWidget({ type: "error", message: "Camera unavailable" });
    expect(s.messages).toEqual([{ type: "error", message: "Camera unavailable" }]);
    expect(update).not.toHaveBeenCalled();
  });

  it("ignores messages from another origin, another window, another channel, or malformed ones", () => {
    const s = track(setUp());
    s.fromWidget({ type: "ready" }, "https://evil.example");
    s.fromWidget({ type: "ready" }, WIDGET_ORIGIN, window);
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { channel: "other", type: "ready" },
        origin: WIDGET_ORIGIN,
        source: s.frameWindow as never,
      }),
    );
    s.fromWidget({ type: "resize", height: "tall" });
    s.fromWidget({ type: "launch-missiles" });
    expect(s.received).toHaveLength(0);
    expect(s.messages).toHaveLength(0);
    expect(s.widget.iframe.style.height).toBe("640px");
  });
});

describe("token refresh", () => {
  it("answers an invalid token report with a new token from updateAccessToken, used by the next init too", async () => {
    const update = vi.fn(async () => "token-2");
    const s = track(setUp({ updateAccessToken: update }));
    s.fromWidget({ type: "error", message: "Your session has expired.", code: "INVALID_TOKEN" });
    s.fromWidget({ type: "error", message: "Your session has expired.", code: "INVALID_TOKEN" });
    await settle();
    expect(update).toHaveBeenCalledTimes(1); // two reports while one refresh runs: one refresh
    expect(s.sent()).toContainEqual({ channel: CHANNEL, type: "accessTokenUpdate", accessToken: "token-2" });
    s.fromWidget({ type: "ready" }); // the widget reloaded
    expect(s.sent().at(-1)).toMatchObject({ type: "init", accessToken: "token-2" });
  });

  it("sends the callback's error message back to the widget when the refresh fails", async () => {
    const s = track(
      setUp({ updateAccessToken: async () => Promise.reject(new Error("Your session has ended")) }),
    );
    s.fromWidget({ type: "error", message: "expired", code: "INVALID_TOKEN" });
    await settle();
    expect(s.sent()).toEqual([
      { channel: CHANNEL, type: "accessTokenUpdate", error: "Your session has ended" },
    ]);
  });

  it("falls back to 'Failed to update access token' when the failure has no message", async () => {
    const s = track(setUp({ updateAccessToken: async () => Promise.reject(undefined) }));
    s.fromWidget({ type: "error", message: "expired", code: "INVALID_TOKEN" });
    await settle();
    expect(s.sent()).toEqual([
      { channel: CHANNEL, type: "accessTokenUpdate", error: "Failed to update access token" },
    ]);
  });

  it("refuses a new token that is not a string", async () => {
    const s = track(setUp({ updateAccessToken: async () => 12 as never }));
    s.fromWidget({ type: "error", message: "expired", code: "INVALID_TOKEN" });
    await settle();
    expect(s.sent()).toEqual([
      { channel: CHANNEL, type: "accessTokenUpdate", error: "Access token must be a string" },
    ]);
    expect(() => s.widget.setAccessToken(7 as never)).toThrow("Access token must be a string");
  });
});

describe("messages to the widget", () => {
  it("sends language, theme, navigate-back and a token, to the widget's origin only", () => {
    const s = track(setUp());
    s.widget.setLanguage("de");
    s.widget.setTheme("dark");
    s.widget.navigateBack();
    s.widget.setAccessToken("token-9");
    expect(s.received).toEqual([
      { origin: WIDGET_ORIGIN, data: { channel: CHANNEL, type: "language", lang: "de" } },
      { origin: WIDGET_ORIGIN, data: { channel: CHANNEL, type: "theme", theme: "dark" } },
      { origin: WIDGET_ORIGIN, data: { channel: CHANNEL, type: "navigateBack" } },
      {
        origin: WIDGET_ORIGIN,
        data: { channel: CHANNEL, type: "accessTokenUpdate", accessToken: "token-9" },
      },
    ]);
    s.fromWidget({ type: "ready" });
    expect(s.sent().at(-1)).toMatchObject({
      language: "de",
      options: { theme: "dark" },
      accessToken: "token-9",
    });
  });
});
