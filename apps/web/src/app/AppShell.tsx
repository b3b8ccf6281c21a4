import type { DataRouter } from "react-router";
import { RouterProvider } from "react-router";
import { AppProviders, type AppServices } from "./AppProviders.tsx";
import { StartGate } from "./guards/StartGate.tsx";

/** The whole app around a given router: the browser's in main.tsx, a memory router in tests. */
export function AppShell({ services, router }: { services: AppServices; router: DataRouter }) {
  return (
    <AppProviders services={services}>
      <StartGate>
        <RouterProvider router={router} />
      </StartGate>
    </AppProviders>
  );
}
