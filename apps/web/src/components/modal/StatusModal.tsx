import type { ReactNode } from "react";
import { Button } from "../Button.tsx";
import { Modal, type ModalTone } from "./Modal.tsx";

export interface StatusModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tone: Exclude<ModalTone, "default">;
  icon: ReactNode;
  title?: ReactNode;
  /** Names the dialog for screen readers when there is no visible title. */
  a11yTitle: string;
  date?: ReactNode;
  value?: ReactNode;
  details?: ReactNode;
  description?: ReactNode;
  buttonText: string;
  onButtonClick: () => void;
}

/** The shared body of the Success, Pending and Error modals: icon, optional parts, one button. */
export function StatusModal(props: StatusModalProps) {
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      tone={props.tone}
      title={props.title}
      a11yTitle={props.a11yTitle}
      leading={<div className="k-status__icon">{props.icon}</div>}
    >
      <div className="k-status">
        {props.date ? <p className="k-status__date">{props.date}</p> : null}
        {props.value ? <p className="k-status__value">{props.value}</p> : null}
        {props.details ? <div className="k-status__details">{props.details}</div> : null}
        {props.description ? <p className="k-modal__text">{props.description}</p> : null}
      </div>
      <div className="k-modal__actions">
        <Button variant="inverse" fullWidth onClick={props.onButtonClick}>
          {props.buttonText}
        </Button>
      </div>
    </Modal>
  );
}

export function CheckIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 12.5l4.5 4.5L19 7.5" stroke="currentColor" strokeWidth="2.4" fill="none" />
    </svg>
  );
}

export function ClockIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="8.5" stroke="currentColor" strokeWidth="2" fill="none" />
      <path d="M12 7.5V12l3 2" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function AlertIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 6v8M12 17.5v.5" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
