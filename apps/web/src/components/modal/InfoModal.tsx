import type { ReactNode } from "react";
import { Button } from "../Button.tsx";
import { Modal } from "./Modal.tsx";

export interface InfoModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children?: ReactNode;
  /** A single action button; without it the modal only has its close button. */
  actionText?: string;
  onAction?: () => void;
}

/** A plain informational modal: title, text and at most one action. */
export function InfoModal({ open, onOpenChange, title, children, actionText, onAction }: InfoModalProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title}>
      {children ? <div className="k-modal__text">{children}</div> : null}
      {actionText ? (
        <div className="k-modal__actions">
          <Button fullWidth onClick={onAction ?? (() => onOpenChange(false))}>
            {actionText}
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
