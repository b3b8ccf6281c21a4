import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppShell } from "./app/AppShell.tsx";
import { createAppServices } from "./app/create-app-services.ts";
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
// A public page comes rendered by the server (entry-server.tsx): React takes its HTML over.
// Every other page starts from the empty root.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
