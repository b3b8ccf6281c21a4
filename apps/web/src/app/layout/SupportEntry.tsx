import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SupportModal } from "../../components/modal/SupportModal.tsx";
import { useMerchantData } from "../../lib/config-service/queries.ts";

/**
 * The support entry exists only for merchants with a support chat key. It opens the Support
 * modal; no third-party chat script is loaded by this app.
 */
export function SupportEntry() {
  const { t } = useTranslation();
  const chatKey = useMerchantData().data?.supportChatKey;
  const [open, setOpen] = useState(false);
  if (!chatKey) return null;
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
