import { MutationCache, QueryClient } from "@tanstack/react-query";
import type { NotificationStore } from "../lib/notifications/notification-store.ts";

/**
 * Spec §8: a failed call shows the error banner with the server's message. Mutations (the
 * customer's own actions) do so here, once for all features; failed configuration reads fall
 * back to defaults quietly instead, since the customer did nothing to cause them.
 */
export function createQueryClient(notifications: NotificationStore, options: { retry?: boolean } = {}) {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silentError) return;
        notifications.show("error", error.message || undefined);
      },
    }),
    defaultOptions: {
      queries: { retry: options.retry === false ? false : 1, refetchOnWindowFocus: false },
    },
  });
}
