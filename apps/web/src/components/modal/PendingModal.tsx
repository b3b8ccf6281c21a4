import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ClockIcon, StatusModal } from "./StatusModal.tsx";

export interface PendingModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Defaults to 'Pending'. */
  title?: ReactNode;
  date?: ReactNode;
  details?: ReactNode;
  value?: ReactNode;
  description?: ReactNode;
  buttonText?: string;
  onDone?: () => void;
}

/** Yellow modal for an operation the server accepted but has not finished. */
export function PendingModal({ title, buttonText, onDone, ...rest }: PendingModalProps) {
  const { t } = useTranslation();
  return (
    <StatusModal
      {...rest}
      tone="pending"
      icon={<ClockIcon />}
      title={title ?? t("modal.pending.title")}
      a11yTitle={t("modal.pending.title")}
      buttonText={buttonText ?? t("modal.pending.button")}
      onButtonClick={onDone ?? (() => rest.onOpenChange(false))}
    />
  );
}
