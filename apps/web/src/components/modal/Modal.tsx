import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import "./modal.css";
import { useModalDialog } from "./modal-dialog-loader.ts";

export type ModalTone = "default" | "success" | "pending" | "error";

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown as the dialog's heading; without it a hidden `a11yTitle` names the dialog. */
  title?: ReactNode;
  /** For dialogs without a visible heading: screen readers still need a name. */
  a11yTitle?: string;
  /** Rendered above the title, e.g. the status icon of the Success modal. */
  leading?: ReactNode;
  /** Shows a back arrow in the top-left corner. */
  onBack?: () => void;
  tone?: ModalTone;
  /** Default 480 (spec §9); small screens always get the full width. */
  width?: number;
  children: ReactNode;
}

/**
 * The one dialog every modal of the app is built on (Radix: focus trap, Escape, overlay click,
 * scroll lock, aria wiring, in ModalDialog.tsx, loaded on the first open). It also closes on any
 * route change, as the spec asks, so a modal never outlives the page that opened it.
 */
export function Modal(props: ModalProps) {
  const { open, onOpenChange } = props;
  useCloseOnRouteChange(open, onOpenChange);
  // Read before the dialog code may have loaded: focus goes back to it when the dialog closes.
  const opener = useOpener(open);
  const dialog = useModalDialog(open);
  return dialog ? <dialog.ModalDialog {...props} opener={opener} /> : null;
}

/** The element focused when the dialog opened (read while rendering, before focus moves in). */
function useOpener(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== "undefined") {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  wasOpen.current = open;
  return opener;
}

function useCloseOnRouteChange(open: boolean, onOpenChange: (open: boolean) => void) {
  const location = useLocation();
  const seenKey = useRef(location.key);
  useEffect(() => {
    if (seenKey.current === location.key) return;
    seenKey.current = location.key;
    if (open) onOpenChange(false);
  }, [location.key, open, onOpenChange]);
}
