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
): LazyPage {
  let loaded: Screen | undefined;
  const preload = async () => {
    loaded = { default: (await load())[name] as ComponentType };
  };
  const page = lazy(() => (loaded ? answeredAtOnce(loaded) : preload().then(() => loaded as Screen)));
  return Object.assign(page, { preload });
}

type Screen = { default: ComponentType };
export type LazyPage = LazyExoticComponent<ComponentType> & { preload(): Promise<void> };

/**
 * A screen already loaded, as a thenable that answers at once: React's lazy takes it without
 * suspending, so server HTML hydrates in one pass (main.tsx).
 */
function answeredAtOnce(screen: Screen): Promise<Screen> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, read synchronously by React.lazy
  return { then: (take: (value: Screen) => void) => take(screen) } as unknown as Promise<Screen>;
}
