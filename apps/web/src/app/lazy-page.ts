import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A screen whose code loads with its route: `lazyPage(() => import("../features/x/XPage.tsx"), "XPage")`.
 * Each call is its own chunk (plus the libraries only it uses), so the first load of any page
 * stays within its limit in scripts/web-budget.ts (a new screen adds its line there) however many
 * features arrive.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
