import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A screen whose code loads with its route: `lazyPage(() => import("../features/x/XPage.tsx"), "XPage")`.
 * Each call is its own chunk (plus the libraries only it uses), so the first load of any page
 * stays within the budget of scripts/web-budget.ts however many features arrive.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
