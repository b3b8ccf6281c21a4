import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SupportModal } from "../../components/modal/SupportModal.tsx";
import { useContactSupport } from "../../lib/support/support-chat-context.tsx";

/**
 * The support entry exists for merchants with a way to reach support (a chat, an address or a
 * page). It opens the Support modal, whose 'Contact support' opens that way. A chat vendor's
 * widget is framed, never run as a script in this app (components/support/SupportChatPanel.tsx).
 */
export function SupportEntry() {
  const { t } = useTranslation();
  const { contact } = useContactSupport();
  const [open, setOpen] = useState(false);
  if (contact.kind === "none") return null;
  return (
    <>
      <button type="button" className="k-header__support" onClick={() => setOpen(true)}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M4 5h16v11H9l-5 4z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        <span className="k-header__button-text">{t("layout.support")}</span>
      </button>
      <SupportModal open={open} onOpenChange={setOpen} />
    </>
  );
}
