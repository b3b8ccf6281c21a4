import { useTranslation } from "react-i18next";
import { ConfirmModal } from "./ConfirmModal.tsx";

export interface CancelOrderModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirmCancel: () => void;
  /** While the cancellation call runs. */
  pending?: boolean;
}

/** Asks before a card or IBAN order is cancelled; 'Nope, continue' only closes the modal. */
export function CancelOrderModal({
  open,
  onOpenChange,
  onConfirmCancel,
  pending = false,
}: CancelOrderModalProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      title={t("modal.cancelOrder.title")}
      keepLabel={t("modal.cancelOrder.keep")}
      confirmLabel={t("modal.cancelOrder.confirm")}
      onConfirm={onConfirmCancel}
      pending={pending}
    />
  );
}
