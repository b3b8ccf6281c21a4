import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useMerchantData } from "../config-service/queries.ts";
import { type SupportContact, supportContact } from "./support-contact.ts";

type SupportChatState = { chatOpen: boolean; setChatOpen: (open: boolean) => void };

const SupportChatContext = createContext<SupportChatState | null>(null);

/** Whether the support chat is open: one chat for the whole app, whichever button opened it. */
export function SupportChatProvider({ children }: { children: ReactNode }) {
  const [chatOpen, setChatOpen] = useState(false);
  const value = useMemo(() => ({ chatOpen, setChatOpen }), [chatOpen]);
  return <SupportChatContext.Provider value={value}>{children}</SupportChatContext.Provider>;
}

export function useSupportChat(): SupportChatState {
  const state = useContext(SupportChatContext);
  if (!state) throw new Error("useSupportChat outside SupportChatProvider");
  return state;
}

/** The merchant's support contact, and how to open its chat (links open by themselves). */
export function useContactSupport(): { contact: SupportContact; openChat: () => void } {
  const contact = supportContact(useMerchantData().data);
  const { setChatOpen } = useSupportChat();
  const openChat = useCallback(() => setChatOpen(true), [setChatOpen]);
  return { contact, openChat };
}
