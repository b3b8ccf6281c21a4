import { useTranslation } from "react-i18next";
import { useContactSupport } from "../../lib/support/support-chat-context.tsx";
import { Button } from "../Button.tsx";
import { ContactSupport } from "../support/ContactSupport.tsx";
import { Modal } from "./Modal.tsx";

export interface SupportModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Uh-oh!' with a 'Contact support' button (spec §2). The button opens the merchant's support
 * chat, or its support address or page (ContactSupport); a merchant with none of them gets a
 * button that closes the modal.
 */
export function SupportModal({ open, onOpenChange }: SupportModalProps) {
  const { t } = useTranslation();
  const { contact } = useContactSupport();
  const close = () => onOpenChange(false);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("modal.support.title")}>
      <div className="k-modal__actions">
        {contact.kind === "none" ? (
          <Button fullWidth onClick={close}>
            {t("modal.support.button")}
          </Button>
        ) : (
          <ContactSupport className="k-button k-button--primary k-button--full" onOpen={close}>
            {t("modal.support.button")}
          </ContactSupport>
        )}
      </div>
    </Modal>
  );
}
