import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import type { NotificationStore } from "./notification-store.ts";

const NotificationStoreContext = createContext<NotificationStore | null>(null);

export function NotificationStoreProvider(props: { store: NotificationStore; children: ReactNode }) {
  return <NotificationStoreContext value={props.store}>{props.children}</NotificationStoreContext>;
}

export function useNotificationStore(): NotificationStore {
  const store = useContext(NotificationStoreContext);
  if (!store) throw new Error("useNotificationStore must be used inside NotificationStoreProvider");
  return store;
}

/** `notify.success()` / `notify.error(message?)` for components. */
export function useNotify() {
  const store = useNotificationStore();
  return {
    success: (message?: string) => store.show("success", message),
    error: (message?: string) => store.show("error", message),
  };
}

export function useCurrentNotification() {
  const store = useNotificationStore();
  return useSyncExternalStore(store.subscribe, store.current, store.current);
}
