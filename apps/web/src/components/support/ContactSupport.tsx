import type { ReactNode } from "react";
import { useContactSupport } from "../../lib/support/support-chat-context.tsx";

export interface ContactSupportProps {
  children: ReactNode;
  className?: string;
  /** Runs as the contact opens, e.g. to close the modal it sits in. */
  onOpen?: () => void;
}

/**
 * 'Contact support' as the merchant offers it: a button opening the support chat, a mailto: link
 * or the support page in a new tab. Without any of these it renders its text alone.
 */
export function ContactSupport({ children, className, onOpen }: ContactSupportProps) {
  const { contact, openChat } = useContactSupport();
  switch (contact.kind) {
    case "chat":
      return (
        <button
          type="button"
          className={className}
          onClick={() => {
            onOpen?.();
            openChat();
          }}
        >
          {children}
        </button>
      );
    case "email":
      return (
        <a className={className} href={contact.href} onClick={onOpen}>
          {children}
        </a>
      );
    case "page":
      return (
        <a
          className={className}
          href={contact.href}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onOpen}
        >
          {children}
        </a>
      );
    case "none":
      return <span className={className}>{children}</span>;
  }
}
