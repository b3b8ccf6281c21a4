import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useContactSupport, useSupportChat } from "../../lib/support/support-chat-context.tsx";

// The panel's code loads the first time the chat opens, like the vendor's widget it frames.
const SupportChatPanel = lazy(async () => ({
  default: (await import("./SupportChatPanel.tsx")).SupportChatPanel,
}));

/** The support chat, mounted once for the whole app; nothing of it loads until it is opened. */
export function SupportChat() {
  const { t } = useTranslation();
  const { chatOpen, setChatOpen } = useSupportChat();
  const { contact } = useContactSupport();
  if (!chatOpen || contact.kind !== "chat") return null;
  return (
    <Suspense fallback={null}>
      <SupportChatPanel
        url={contact.url}
        onClose={() => setChatOpen(false)}
        texts={{
          title: t("support.chat.title"),
          frameTitle: t("support.chat.frameTitle"),
          loading: t("support.chat.loading"),
          close: t("support.chat.close"),
        }}
      />
    </Suspense>
  );
}
