import { useTranslation } from "react-i18next";
import { Button } from "../Button.tsx";
import { Modal } from "./Modal.tsx";

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
    <Modal open={open} onOpenChange={onOpenChange} title={t("modal.cancelOrder.title")}>
      <div className="k-modal__actions">
        <Button fullWidth onClick={() => onOpenChange(false)}>
          {t("modal.cancelOrder.keep")}
        </Button>
        <Button variant="ghost" fullWidth onClick={onConfirmCancel} disabled={pending}>
          {t("modal.cancelOrder.confirm")}
        </Button>
      </div>
    </Modal>
  );
}
