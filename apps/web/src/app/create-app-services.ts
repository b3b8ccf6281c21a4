import { createI18n } from "../lib/i18n/create-i18n.ts";
import { createNotificationStore } from "../lib/notifications/notification-store.ts";
import type { AppServices } from "./AppProviders.tsx";
import { createQueryClient } from "./create-query-client.ts";

export function createAppServices(options: { retry?: boolean } = {}): AppServices {
  const notifications = createNotificationStore();
  return { i18n: createI18n(), notifications, queryClient: createQueryClient(notifications, options) };
}
