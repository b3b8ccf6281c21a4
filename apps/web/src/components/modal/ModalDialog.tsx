import * as Dialog from "@radix-ui/react-dialog";
import { type CSSProperties, type RefObject, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ModalProps } from "./Modal.tsx";
import { useInertBackground } from "./use-inert-background.ts";

/**
 * The dialog of Modal.tsx on Radix (focus trap, Escape, overlay click, scroll lock, aria
 * wiring). A chunk of its own, loaded on the first open of any modal (modal-dialog-loader.ts):
 * Radix is about 11 KB gzipped that no page needs for its first paint.
 */
export function ModalDialog(props: ModalProps & { opener: RefObject<HTMLElement | null> }) {
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
    opener,
  } = props;
  const { t } = useTranslation();
  const contentRef = useRef<HTMLDivElement>(null);

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
            <Dialog.Title className="visually-hidden">{a11yTitle}</Dialog.Title>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
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
