import type { ComponentType, ReactNode } from "react";
import { useLocation, useRoutes } from "react-router";
import { AppProviders, type AppServices } from "./AppProviders.tsx";
import { StartGate } from "./guards/StartGate.tsx";
import { appRoutes } from "./routes.tsx";
import { ScreenErrorBoundary } from "./ScreenErrorBoundary.tsx";

/**
 * The whole app inside a given router: BrowserRouter in main.tsx, a MemoryRouter in tests.
 * A declarative router, not a data router (createBrowserRouter): the app has no loaders or
 * actions, and the data router's code was 16 KB gzipped of every page's first load
 * (docs/web-performance.md).
 */
export function AppShell({
  services,
  router: Router,
}: {
  services: AppServices;
  router: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <AppProviders services={services}>
      <StartGate>
        <Router>
          <AppRoutes />
        </Router>
      </StartGate>
    </AppProviders>
  );
}

function AppRoutes() {
  const { pathname } = useLocation();
  const screen = useRoutes(appRoutes);
  return <ScreenErrorBoundary pathname={pathname}>{screen}</ScreenErrorBoundary>;
}
