import { addViewportTag, frameUrl } from "./frame.ts";
import {
  type DocumentSettings,
  envelope,
  type HostMessage,
  INVALID_TOKEN,
  parseWidgetMessage,
  type Theme,
  type WidgetMessage,
  type WidgetOptions,
} from "./protocol.ts";

/** Spec §8's texts, exactly. */
export const ERRORS = {
  tokenNotString: "Access token must be a string",
  callbackMissing: "updateAccessToken callback is required",
  refreshFailed: "Failed to update access token",
  containerMissing: "KYC widget container not found",
} as const;

export type MountOptions = {
  /** The widget's address, e.g. https://app.example/embed/kyc/v1/ */
  url: string;
  /** The widget token (POST /v5/kyc/start answers it as data.token). */
  accessToken: string;
  /** Fetches a new token when the widget reports its token invalid (expired). */
  updateAccessToken: () => Promise<string>;
  language?: string;
  email?: string;
  phone?: string;
  country?: string;
  documentSettings?: DocumentSettings;
  options?: WidgetOptions;
  /** The frame follows the widget's height (default true). */
  adaptIframeHeight?: boolean;
  /** Adds a viewport meta tag to the host page when it has none (default true). */
  addViewportTag?: boolean;
  /** Scrolls the frame's top into view when the widget asks (a new step) and it is out of view (default true). */
  scrollIntoView?: boolean;
  /** Every message the widget sends, before the SDK handles it. */
  onMessage?: (message: WidgetMessage) => void;
  /** Every message the SDK sends to the widget (for logging). */
  onSend?: (message: HostMessage) => void;
};

export type KycWidget = {
  iframe: HTMLIFrameElement;
  setLanguage(lang: string): void;
  setTheme(theme: Theme): void;
  navigateBack(): void;
  /** Hands the widget a new token without being asked. */
  setAccessToken(token: string): void;
  /** Removes the frame and stops listening. */
  destroy(): void;
};

/**
 * Brings the widget's new screen into view when its top (`top` px into the frame) is not: above
 * the window (the customer scrolled down a long step) or below it. A visible top stays put, so
 * the page never jumps under the customer's finger.
 */
function scrollToFrame(iframe: HTMLIFrameElement, top: number) {
  const y = iframe.getBoundingClientRect().top + top;
  if (y >= 0 && y < window.innerHeight) return;
  iframe.scrollIntoView({ block: "start" });
}

const errorText = (e: unknown) =>
  e instanceof Error && e.message ? e.message : typeof e === "string" && e ? e : ERRORS.refreshFailed;

/**
 * Mounts the verification widget into `container` (an element or a selector) and speaks its
 * protocol: answers `ready` with `init`, follows `resize` and `scroll`, and answers an invalid
 * token report with a token from `updateAccessToken` (or the reason it failed). Messages count
 * only from the frame's own window and origin, and go only to that origin.
 */
export function mount(
  container: HTMLElement | string | null | undefined,
  options: MountOptions,
): KycWidget | undefined {
  if (typeof options?.accessToken !== "string") throw new Error(ERRORS.tokenNotString);
  if (typeof options.updateAccessToken !== "function") throw new Error(ERRORS.callbackMissing);
  const host = typeof container === "string" ? document.querySelector<HTMLElement>(container) : container;
  if (!host) {
    console.error(ERRORS.containerMissing);
    return undefined;
  }

  const src = frameUrl(options.url, window.location.origin);
  const widgetOrigin = src.origin;
  let accessToken = options.accessToken;
  let language = options.language ?? "en";
  let theme = options.options?.theme;
  const iframe = document.createElement("iframe");
  iframe.src = src.href;
  iframe.title = "Identity verification";
  iframe.allow = "camera";
  iframe.style.cssText = "display:block;width:100%;height:640px;border:0;";
  const removeViewportTag = options.addViewportTag === false ? () => {} : addViewportTag(document);

  const send = (message: HostMessage) => {
    iframe.contentWindow?.postMessage(envelope(message), widgetOrigin);
    options.onSend?.(message);
  };

  // One refresh at a time: reports that arrive while it runs are answered by its result.
  let refreshing = false;
  const refreshToken = async () => {
    if (refreshing) return;
    refreshing = true;
    try {
      const token = await options.updateAccessToken();
      if (typeof token !== "string") throw new Error(ERRORS.tokenNotString);
      accessToken = token;
      send({ type: "accessTokenUpdate", accessToken: token });
    } catch (e) {
      send({ type: "accessTokenUpdate", error: errorText(e) });
    } finally {
      refreshing = false;
    }
  };

  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow || event.origin !== widgetOrigin) return;
    const message = parseWidgetMessage(event.data);
    if (!message) return;
    options.onMessage?.(message);
    switch (message.type) {
      case "ready":
        send({
          type: "init",
          accessToken,
          language,
          email: options.email,
          phone: options.phone,
          country: options.country,
          documentSettings: options.documentSettings,
          options: { ...options.options, ...(theme ? { theme } : {}) },
        });
        break;
      case "resize":
        if (options.adaptIframeHeight !== false)
          iframe.style.height = `${Math.ceil(Math.min(message.height, 20_000))}px`;
        break;
      case "scroll":
        if (options.scrollIntoView !== false) scrollToFrame(iframe, message.top);
        break;
      case "error":
        if (message.code === INVALID_TOKEN) void refreshToken();
        break;
    }
  };

  window.addEventListener("message", onMessage);
  host.appendChild(iframe);

  return {
    iframe,
    setLanguage(lang) {
      language = lang;
      send({ type: "language", lang });
    },
    setTheme(next) {
      theme = next;
      send({ type: "theme", theme: next });
    },
    navigateBack: () => send({ type: "navigateBack" }),
    setAccessToken(token) {
      if (typeof token !== "string") throw new Error(ERRORS.tokenNotString);
      accessToken = token;
      send({ type: "accessTokenUpdate", accessToken: token });
    },
    destroy() {
      window.removeEventListener("message", onMessage);
      iframe.remove();
      removeViewportTag();
    },
  };
}
