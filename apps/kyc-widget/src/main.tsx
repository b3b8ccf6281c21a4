import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { createBridge } from "./embed/bridge.ts";
import "./styles.css";

// One bridge for the page's life: it holds the host's origin and the message listener.
const bridge = createBridge();
const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App bridge={bridge} />
    </StrictMode>,
  );
}
