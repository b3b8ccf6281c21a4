import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { WidgetPage } from "./WidgetPage.tsx";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <WidgetPage />
    </StrictMode>,
  );
}
