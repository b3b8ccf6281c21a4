import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False in the server's HTML and while the browser hydrates it, true from then on (and at once
 * on a page the browser renders itself). Server-rendered HTML is live before its handlers are:
 * what must not act natively in that window (a form's submit) waits for this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
