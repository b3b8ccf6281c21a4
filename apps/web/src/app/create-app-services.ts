import { seedStartAnswers } from "../lib/config-service/start-answers.ts";
import { CUSTOMER_QUERY_KEY } from "../lib/customer/profile-queries.ts";
import { readServerAnswers } from "../lib/http/server-answers.ts";
import { createI18n } from "../lib/i18n/create-i18n.ts";
import { createNotificationStore } from "../lib/notifications/notification-store.ts";
import { createWebSession } from "../lib/session/web-session.ts";
import type { AppServices } from "./AppProviders.tsx";
import { createQueryClient } from "./create-query-client.ts";

export function createAppServices(options: { retry?: boolean } = {}): AppServices {
  const notifications = createNotificationStore();
  const queryClient = createQueryClient(notifications, options);
  // A signed-out browser keeps nothing of the customer's: their cached answers go with the session.
  const session = createWebSession({
    onSignedOut: () => queryClient.removeQueries({ queryKey: CUSTOMER_QUERY_KEY }),
  });
  const i18n = createI18n();
  // The answers the page came with go in before the first render: the first screen draws at
  // once, and matches the HTML the server rendered from them (main.tsx hydrates it).
  seedStartAnswers({ queryClient, i18n }, readServerAnswers());
  return { i18n, notifications, queryClient, session };
}
