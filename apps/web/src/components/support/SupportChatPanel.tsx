import { useEffect, useRef, useState } from "react";
import "../spinner.css";
import "./support-chat.css";

export interface SupportChatPanelProps {
  /** The chat widget's page for the merchant's chat key. */
  url: string;
  onClose: () => void;
  texts: { title: string; frameTitle: string; loading: string; close: string };
}

/**
 * The merchant's support chat, as chat vendors show it: a panel over the page's corner (the whole
 * screen on a phone) that the page stays usable beside. The vendor's widget is framed, so none of
 * its script runs in the app's origin; a spinner stands in until the frame has loaded. Loaded
 * lazily by SupportChat.tsx, it imports nothing of the app but React, so the app's first load
 * carries none of it (scripts/web-budget.ts).
 */
export function SupportChatPanel({ url, onClose, texts }: SupportChatPanelProps) {
  const [loaded, setLoaded] = useState(false);
  const panelRef = useRef<HTMLElement>(null);

  // Mounted on opening: focus moves into the chat, as a dialog's does.
  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  return (
    <section
      ref={panelRef}
      className="k-support-chat"
      role="dialog"
      aria-modal="false"
      aria-label={texts.title}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <div className="k-support-chat__bar">
        <h2 className="k-support-chat__title">{texts.title}</h2>
        <button type="button" className="k-support-chat__close" aria-label={texts.close} onClick={onClose}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className="k-support-chat__body">
        {loaded ? null : (
          <div className="k-support-chat__loading">
            {/* The app's Spinner look (spinner.css), without importing the app's modules. */}
            <span role="status" aria-label={texts.loading} className="k-spinner k-support-chat__spinner" />
            <p aria-hidden="true">{texts.loading}</p>
          </div>
        )}
        <iframe
          className="k-support-chat__frame"
          src={url}
          title={texts.frameTitle}
          onLoad={() => setLoaded(true)}
        />
      </div>
    </section>
  );
}
