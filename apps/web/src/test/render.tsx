import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router";
import { AppProviders } from "../app/AppProviders.tsx";
import { AppShell } from "../app/AppShell.tsx";
import { createAppServices } from "../app/create-app-services.ts";
import { appRoutes } from "../app/routes.tsx";
import { MaintenanceProvider } from "../components/operations/maintenance-context.tsx";
import { markSignedInBefore } from "../lib/session/web-session.ts";

/**
 * Renders the whole app (start gate, layout, routes) at `path`, with fresh services. The visitor
 * was signed in before (unless `signedIn: false`), so the app starts with a silent refresh.
 */
export function renderApp(path = "/", options: { signedIn?: boolean } = {}) {
  if (options.signedIn ?? true) markSignedInBefore();
  const services = createAppServices({ retry: false });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(<AppShell services={services} router={router} />);
  return { ...view, router, services };
}

/**
 * Renders one component inside the app's providers and a memory router, without the start gate.
 * The component sits in a layout route, so it stays mounted while a test navigates between
 * `path` and the extra `routes` (to watch a modal close on a route change).
 */
export function renderWithProviders(ui: ReactNode, options: { path?: string; routes?: RouteObject[] } = {}) {
  const services = createAppServices({ retry: false });
  const path = options.path ?? "/";
  const router = createMemoryRouter(
    [
      {
        element: (
          <MaintenanceProvider>
            {ui}
            <Outlet />
          </MaintenanceProvider>
        ),
        children: [{ path, element: null }, ...(options.routes ?? [])],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, services };
}
