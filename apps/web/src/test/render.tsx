import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  Outlet,
  type RouteObject,
  useLocation,
  useNavigate,
  useRoutes,
} from "react-router";
import { vi } from "vitest";
import { AppProviders } from "../app/AppProviders.tsx";
import { AppShell } from "../app/AppShell.tsx";
import { createAppServices } from "../app/create-app-services.ts";
import { MaintenanceProvider } from "../components/operations/maintenance-context.tsx";
import { markSignedInBefore } from "../lib/session/web-session.ts";
import { installFakeConfigService } from "./fake-config-service.ts";

/**
 * The providers ask the configuration service for the merchant's data as they mount. A test that
 * set up no fetch of its own (setup.ts starts each with one that refuses) gets the fake world's
 * answers, so it never reaches for a real server (http://localhost:3000/web/info).
 */
function answerUnlessStubbed() {
  if (!vi.isMockFunction(globalThis.fetch)) installFakeConfigService();
}

/** What a test reads and drives of the router: where the app is, and going somewhere else. */
interface TestRouter {
  readonly state: { location: Location };
  navigate(to: string): void;
}

/**
 * A memory router at `path` whose location and navigate a test reaches through `router` (the
 * app's router is declarative, AppShell.tsx: there is no router object to ask).
 */
function memoryRouter(path: string) {
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  function Probe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  const mounted = <T,>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the router has not rendered yet (the start gate holds it)");
    return value;
  };
  const router: TestRouter = {
    get state() {
      return { location: mounted(location) };
    },
    navigate: (to) => void mounted(navigate)(to),
  };
  function Router({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        {children}
        <Probe />
      </MemoryRouter>
    );
  }
  return { router, Router };
}

/**
 * Renders the whole app (start gate, layout, routes) at `path`, with fresh services. The visitor
 * was signed in before (unless `signedIn: false`), so the app starts with a silent refresh.
 */
export function renderApp(path = "/", options: { signedIn?: boolean } = {}) {
  if (options.signedIn ?? true) markSignedInBefore();
  answerUnlessStubbed();
  const services = createAppServices({ retry: false });
  const { router, Router } = memoryRouter(path);
  const view = render(<AppShell services={services} router={Router} />);
  return { ...view, router, services };
}

/**
 * Renders one component inside the app's providers and a memory router, without the start gate.
 * The component sits in a layout route, so it stays mounted while a test navigates between
 * `path` and the extra `routes` (to watch a modal close on a route change).
 */
export function renderWithProviders(ui: ReactNode, options: { path?: string; routes?: RouteObject[] } = {}) {
  answerUnlessStubbed();
  const services = createAppServices({ retry: false });
  const path = options.path ?? "/";
  const routes: RouteObject[] = [
    {
      element: (
        <MaintenanceProvider>
          {ui}
          <Outlet />
        </MaintenanceProvider>
      ),
      children: [{ path, element: null }, ...(options.routes ?? [])],
    },
  ];
  function Routes() {
    return useRoutes(routes);
  }
  const { router, Router } = memoryRouter(path);
  const view = render(
    <AppProviders services={services}>
      <Router>
        <Routes />
      </Router>
    </AppProviders>,
  );
  return { ...view, router, services };
}
