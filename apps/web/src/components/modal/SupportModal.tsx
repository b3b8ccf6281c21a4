import { useTranslation } from "react-i18next";
import { InfoModal } from "./InfoModal.tsx";

export interface SupportModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the merchant's support channel; defaults to closing the modal. */
  onContactSupport?: () => void;
}

/** 'Uh-oh!' with a 'Contact support' button (spec §2). */
export function SupportModal({ open, onOpenChange, onContactSupport }: SupportModalProps) {
  const { t } = useTranslation();
  return (
    <InfoModal
      open={open}
      onOpenChange={onOpenChange}
      title={t("modal.support.title")}
      actionText={t("modal.support.button")}
      onAction={onContactSupport}
    />
  );
}
