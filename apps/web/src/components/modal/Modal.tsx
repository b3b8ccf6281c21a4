import * as Dialog from "@radix-ui/react-dialog";
import { type CSSProperties, type ReactNode, type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import "./modal.css";
import { useInertBackground } from "./use-inert-background.ts";

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
 * scroll lock, aria wiring). It also closes on any route change, as the spec asks, so a modal
 * never outlives the page that opened it.
 */
export function Modal(props: ModalProps) {
  const {
    open,
    onOpenChange,
    title,
    a11yTitle,
    leading,
    onBack,
    tone = "default",
    width = 480,
    children,
  } = props;
  const { t } = useTranslation();
  const contentRef = useRef<HTMLDivElement>(null);
  useCloseOnRouteChange(open, onOpenChange);
  const opener = useOpener(open);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="k-modal__overlay" data-testid="modal-overlay" />
        <Dialog.Content
          ref={contentRef}
          className={`k-modal k-modal--${tone}`}
          style={{ "--k-modal-width": `${width}px` } as CSSProperties}
          // Descriptions are optional and wired by the content itself where present.
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Back to what opened the dialog (Radix's own return lands on <body> when the opener
            // was inert while the dialog was open). A page that moved on keeps its own focus.
            const element = opener.current;
            if (element?.isConnected && !element.closest("[inert]")) {
              event.preventDefault();
              element.focus({ preventScroll: true });
            }
          }}
        >
          <div className="k-modal__bar">
            {onBack ? (
              <button
                type="button"
                className="k-modal__icon-button"
                onClick={onBack}
                aria-label={t("modal.back")}
              >
                <ArrowIcon />
              </button>
            ) : (
              <span />
            )}
            <Dialog.Close className="k-modal__icon-button" aria-label={t("modal.close")}>
              <CrossIcon />
            </Dialog.Close>
          </div>
          <InertBackground content={contentRef} />
          {leading}
          {title ? (
            <Dialog.Title className="k-modal__title">{title}</Dialog.Title>
          ) : (
            <Dialog.Title className="k-visually-hidden">{a11yTitle}</Dialog.Title>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
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

/** Renders nothing; mounts and unmounts with the dialog content. */
function InertBackground({ content }: { content: RefObject<HTMLElement | null> }) {
  useInertBackground(content);
  return null;
}

function CrossIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function ArrowIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}
