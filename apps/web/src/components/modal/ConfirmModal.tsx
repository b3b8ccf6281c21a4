import type { ReactNode } from "react";
import { Button } from "../Button.tsx";
import { Modal } from "./Modal.tsx";

export interface ConfirmModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What happens if the customer goes ahead, in their words. */
  text?: ReactNode;
  /** The safe choice: it only closes the modal, so it is the first, full button. */
  keepLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** While the confirmed call runs: the confirm button waits. */
  pending?: boolean;
}

/** Asks before something that cannot be undone (cancelling an order, a send). */
export function ConfirmModal(props: ConfirmModalProps) {
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} title={props.title}>
      {props.text ? <p className="k-modal__text">{props.text}</p> : null}
      <div className="k-modal__actions">
        <Button fullWidth onClick={() => props.onOpenChange(false)}>
          {props.keepLabel}
        </Button>
        <Button variant="ghost" fullWidth onClick={props.onConfirm} disabled={props.pending}>
          {props.confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
