import { type KycWidget, mount } from "@kestrel/kyc-sdk";
import "./host.css";

// The sandbox host page: what a merchant page does to embed the widget, plus a visible log of
// every message both ways (the browser suite reads it). Tokens are never written to the log.

const form = document.getElementById("setup") as HTMLFormElement;
const log = document.getElementById("log") as HTMLOListElement;
const controls = document.getElementById("controls") as HTMLDivElement;
const widgetUrl =
  document.querySelector<HTMLMetaElement>('meta[name="kyc-widget-url"]')?.content ||
  `${window.location.origin}/embed/kyc/v1/`;

let widget: KycWidget | undefined;
let refreshToken: string | undefined;

const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();

function record(direction: "in" | "out", message: Record<string, unknown>) {
  const item = document.createElement("li");
  item.dataset.direction = direction;
  item.dataset.type = String(message.type);
  const shown = { ...message, ...("accessToken" in message ? { accessToken: "…" } : {}) };
  item.textContent = `${direction === "in" ? "←" : "→"} ${JSON.stringify(shown)}`;
  if ("accessToken" in message) item.dataset.token = String(message.accessToken).slice(-12);
  log.append(item);
}

async function json(response: Response) {
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.message ?? `${response.status} ${response.statusText}`);
  return body;
}

/** A customer access token (refresh grant), then a widget token (POST /v5/kyc/start). */
async function newWidgetToken(): Promise<string> {
  const merchantId = field("merchantId");
  const grant = new URLSearchParams({ grant_type: "refresh_token" });
  // The form's refresh token is used once; the server then keeps the rotated one in a cookie.
  if (refreshToken) grant.set("refresh_token", refreshToken);
  refreshToken = undefined;
  const tokens = await json(
    await fetch("/oauth/token", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(merchantId ? { "x-merchant-id": merchantId } : {}),
      },
      body: grant,
      credentials: "same-origin",
    }),
  );
  const started = await json(
    await fetch("/v5/kyc/start", {
      method: "POST",
      // A merchant's app names its merchant on every call: this page is served on another
      // merchant's host, where a token issued for this merchant is refused.
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        ...(merchantId ? { "x-merchant-id": merchantId } : {}),
      },
    }),
  );
  return started.data.token;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  widget?.destroy();
  refreshToken = field("refreshToken") || undefined;
  try {
    const accessToken = field("widgetToken") || (await newWidgetToken());
    widget = mount("#widget", {
      url: widgetUrl,
      accessToken,
      language: field("language"),
      updateAccessToken: async () => {
        if ((form.elements.namedItem("failRefresh") as HTMLInputElement).checked) {
          throw new Error("The host could not renew your session.");
        }
        return newWidgetToken();
      },
      onMessage: (message) => record("in", message),
      onSend: (message) => record("out", message),
    });
    controls.hidden = false;
  } catch (e) {
    record("out", { type: "host-error", message: e instanceof Error ? e.message : String(e) });
  }
});

controls.addEventListener("click", (event) => {
  const action = (event.target as HTMLElement).dataset.action;
  if (!widget || !action) return;
  if (action === "lang-de") widget.setLanguage("de");
  if (action === "lang-en") widget.setLanguage("en");
  if (action === "theme-dark") widget.setTheme("dark");
  if (action === "theme-light") widget.setTheme("light");
  if (action === "back") widget.navigateBack();
  if (action === "destroy") {
    widget.destroy();
    widget = undefined;
    controls.hidden = true;
  }
});
