import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { AppShell } from "./app/AppShell.tsx";
import { keepControlledFields } from "./app/controlled-fields.ts";
import { createAppServices } from "./app/create-app-services.ts";
import { appRoutes } from "./app/routes.tsx";
import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

keepControlledFields();
const services = createAppServices();
const router = createBrowserRouter(appRoutes);

createRoot(container).render(
  <StrictMode>
    <AppShell services={services} router={router} />
  </StrictMode>,
);
