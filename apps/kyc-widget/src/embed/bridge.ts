import {
  envelope,
  type HostMessage,
  INVALID_TOKEN,
  parseHostMessage,
  type WidgetMessage,
} from "@kestrel/kyc-sdk";

export type Bridge = {
  /** False when the page is opened on its own (nothing to talk to). */
  framed: boolean;
  hostOrigin: string | undefined;
  post(message: WidgetMessage): void;
  /** Tells the host the widget listens (`ready`), once per page however often it is called. */
  ready(): void;
  subscribe(listener: (message: HostMessage) => void): () => void;
  /**
   * Reports the token invalid (error INVALID_TOKEN) and waits for the host's accessTokenUpdate:
   * its token, or its error as the rejection. One request at a time; later callers share it.
   */
  requestToken(message: string): Promise<string>;
};

const TOKEN_TIMEOUT_MS = 30_000;
export const TOKEN_FALLBACK_ERROR = "Failed to update access token";

function asOrigin(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const { origin } = new URL(value);
    return origin === value && origin !== "null" ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The widget's end of the message protocol. The host's origin is the browser's word for it
 * (location.ancestorOrigins) where it gives one, else the `hostOrigin` the SDK put in our URL;
 * the server's frame-ancestors policy already limits who can frame us. Messages count only from
 * the parent window at that origin, and go only to it.
 */
export function createBridge(win: Window = window): Bridge {
  const framed = win.parent !== win;
  const ancestor = win.location.ancestorOrigins?.[0];
  const hostOrigin = framed
    ? (asOrigin(ancestor) ?? asOrigin(new URLSearchParams(win.location.search).get("hostOrigin")))
    : undefined;
  const listeners = new Set<(message: HostMessage) => void>();
  let pendingToken: Promise<string> | undefined;
  let readySent = false;

  win.addEventListener("message", (event: MessageEvent) => {
    if (!hostOrigin || event.source !== win.parent || event.origin !== hostOrigin) return;
    const message = parseHostMessage(event.data);
    if (message) for (const listener of listeners) listener(message);
  });

  const bridge: Bridge = {
    framed,
    hostOrigin,
    post(message) {
      if (hostOrigin) win.parent.postMessage(envelope(message), hostOrigin);
    },
    ready() {
      if (readySent) return;
      readySent = true;
      bridge.post({ type: "ready" });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    requestToken(message) {
      pendingToken ??= new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => finish(() => reject(new Error(TOKEN_FALLBACK_ERROR))),
          TOKEN_TIMEOUT_MS,
        );
        const unsubscribe = bridge.subscribe((m) => {
          if (m.type !== "accessTokenUpdate") return;
          if ("accessToken" in m) finish(() => resolve(m.accessToken));
          else finish(() => reject(new Error(m.error || TOKEN_FALLBACK_ERROR)));
        });
        function finish(settle: () => void) {
          clearTimeout(timer);
          unsubscribe();
          pendingToken = undefined;
          settle();
        }
        bridge.post({ type: "error", code: INVALID_TOKEN, message });
      });
      return pendingToken;
    },
  };
  return bridge;
}
