import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppShell } from "./app/AppShell.tsx";
import { createAppServices } from "./app/create-app-services.ts";
import { SCREENS_BY_PATH } from "./app/routes.tsx";
import { sessionBeforeRender } from "./app/session-before-render.ts";
import { loadModalDialogOnFirstInput } from "./components/modal/modal-dialog-loader.ts";
import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

loadModalDialogOnFirstInput(document);
const services = createAppServices();

const app = (
  <StrictMode>
    <AppShell services={services} router={BrowserRouter} />
  </StrictMode>
);
// The screen's code starts loading now, beside the entry's (the server's modulepreload has it on
// its way), not once the session and profile are known. The server sends every page rendered
// (entry-server.tsx). A public page is rendered whole: React takes its HTML over once the
// screen's code is in, so it hydrates in one pass: waiting on the screen, it would meet answers
// fetched meanwhile (the footer's documents, which sign-up's terms also show) that the server's
// HTML does not have. A page behind a session comes as its pending frame, which the app replaces
// (a visitor without a session goes to /sign-in instead), as it does an empty root.
const screen = SCREENS_BY_PATH[window.location.pathname]?.preload().catch(() => undefined);
if (container.dataset.serverRender === "public") {
  void (screen ?? Promise.resolve()).then(() => hydrateRoot(container, app));
} else {
  // Behind a session, the first render waits for it (the server's frame is on screen meanwhile),
  // and goes in a transition: React renders it in slices that leave the page responsive.
  const root = createRoot(container);
  void sessionBeforeRender(services)
    .catch(() => undefined) // whatever it met, the app renders and its guards decide
    .then(() => startTransition(() => root.render(app)));
}
