import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from "react";
import { useMerchantData } from "../config-service/queries.ts";
import type { SessionStatus, WebSession } from "./web-session.ts";

const SessionContext = createContext<WebSession | null>(null);

/** Provides the session, starts its silent refresh and keeps its merchant id current. */
export function SessionProvider({ session, children }: { session: WebSession; children: ReactNode }) {
  const merchantId = useMerchantData().data?.merchantBackendId;
  useEffect(() => session.setMerchantId(merchantId), [session, merchantId]);
  useEffect(() => session.start(), [session]);
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useWebSession(): WebSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useWebSession must be used inside SessionProvider");
  return session;
}

export function useSessionStatus(): SessionStatus {
  const session = useWebSession();
  return useSyncExternalStore(
    session.subscribe,
    session.status,
    inBrowser ? hydrationStatus : session.status,
  );
}

/**
 * On the server (entry-server.tsx), the session is a stand-in whose status says what to render: a
 * public page signed out, any other page while its session answers. The browser hydrates only the
 * public pages, signed out as the server rendered them; a browser that has a session then shows
 * what it shows without server HTML.
 */
const inBrowser = typeof document !== "undefined";
const hydrationStatus = (): SessionStatus => "signedOut";

/** The typed API client of the session. */
export function useApi(): WebSession["api"] {
  return useWebSession().api;
}
