import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, StatusModal } from "./StatusModal.tsx";

export interface ErrorModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Defaults to 'Something went wrong'. */
  title?: ReactNode;
  /** Defaults to the spec's generic message; pass the server's message when there is one. */
  message?: ReactNode;
  buttonText?: string;
  /** Defaults to closing the modal. */
  onRetry?: () => void;
}

/** Dark modal for a failed operation, e.g. a KYC start that failed (spec §8). */
export function ErrorModal({ title, message, buttonText, onRetry, ...rest }: ErrorModalProps) {
  const { t } = useTranslation();
  return (
    <StatusModal
      {...rest}
      tone="error"
      icon={<AlertIcon />}
      title={title ?? t("modal.error.title")}
      a11yTitle={t("modal.error.title")}
      description={message ?? t("modal.error.message")}
      buttonText={buttonText ?? t("modal.error.button")}
      onButtonClick={onRetry ?? (() => rest.onOpenChange(false))}
    />
  );
}
