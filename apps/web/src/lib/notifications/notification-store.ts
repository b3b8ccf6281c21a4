// The top banner's state lives outside React so that non-component code (the query client's
// error hook, spec §8: "failed response → error banner with the response message") can raise it.

type NotificationKind = "success" | "error";

interface Notification {
  id: number;
  kind: NotificationKind;
  /** Absent: the default text of the kind ('Done!' or the spec's error text). */
  message?: string;
}

export interface NotificationStore {
  show(kind: NotificationKind, message?: string): void;
  dismiss(id: number): void;
  current(): Notification | null;
  subscribe(listener: () => void): () => void;
}

export function createNotificationStore(): NotificationStore {
  let current: Notification | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  return {
    show(kind, message) {
      // A newer notification replaces the shown one; its own 3 s start over.
      current = { id: nextId++, kind, message };
      emit();
    },
    dismiss(id) {
      if (current?.id !== id) return;
      current = null;
      emit();
    },
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
