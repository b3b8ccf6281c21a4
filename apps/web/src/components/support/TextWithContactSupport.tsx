import { useTranslation } from "react-i18next";
import { useContactSupport } from "../../lib/support/support-chat-context.tsx";
import { ContactSupport } from "./ContactSupport.tsx";

/**
 * A text whose words 'contact support' (spec §2's default error banner, and messages like "Please
 * contact support.") open the merchant's support: its chat, address or page. A text without those
 * words, or a merchant without any support contact, stays plain text.
 */
export function TextWithContactSupport({ text, linkClassName }: { text: string; linkClassName?: string }) {
  const { t } = useTranslation();
  const { contact } = useContactSupport();
  const phrase = t("notification.contactSupport");
  const at = text.toLowerCase().lastIndexOf(phrase.toLowerCase());
  if (contact.kind === "none" || at < 0 || !phrase) return text;
  return (
    <>
      {text.slice(0, at)}
      <ContactSupport className={linkClassName ?? "k-contact-support"}>
        {text.slice(at, at + phrase.length)}
      </ContactSupport>
      {text.slice(at + phrase.length)}
    </>
  );
}
