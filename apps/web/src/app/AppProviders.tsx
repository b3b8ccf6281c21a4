import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { SupportChat } from "../components/support/SupportChat.tsx";
import { TopBanner } from "../components/TopBanner.tsx";
import type { NotificationStore } from "../lib/notifications/notification-store.ts";
import { NotificationStoreProvider } from "../lib/notifications/notifications-context.tsx";
import { SessionProvider } from "../lib/session/session-context.tsx";
import type { WebSession } from "../lib/session/web-session.ts";
import { SupportChatProvider } from "../lib/support/support-chat-context.tsx";

export interface AppServices {
  i18n: i18n;
  queryClient: QueryClient;
  notifications: NotificationStore;
  session: WebSession;
}

/** Everything the app needs from outside React; tests pass fresh instances for each render. */
export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <QueryClientProvider client={services.queryClient}>
        <NotificationStoreProvider store={services.notifications}>
          <SessionProvider session={services.session}>
            <SupportChatProvider>
              <TopBanner />
              {children}
              <SupportChat />
            </SupportChatProvider>
          </SessionProvider>
        </NotificationStoreProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
