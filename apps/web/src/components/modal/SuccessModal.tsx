import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, StatusModal } from "./StatusModal.tsx";

export interface SuccessModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date?: ReactNode;
  title?: ReactNode;
  details?: ReactNode;
  value?: ReactNode;
  description?: ReactNode;
  buttonText?: string;
  /** Defaults to closing the modal. */
  onDone?: () => void;
}

/** Green result modal; every part is optional, the button says 'Done' unless told otherwise. */
export function SuccessModal({ buttonText, onDone, ...rest }: SuccessModalProps) {
  const { t } = useTranslation();
  return (
    <StatusModal
      {...rest}
      tone="success"
      icon={<CheckIcon />}
      a11yTitle={t("modal.success.title")}
      buttonText={buttonText ?? t("modal.success.button")}
      onButtonClick={onDone ?? (() => rest.onOpenChange(false))}
    />
  );
}
