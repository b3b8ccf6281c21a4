import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button.tsx";

/** Copies `text` to the clipboard and says 'Copied' for two seconds; `label` names what it copies. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      variant="secondary"
      aria-label={label}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch(() => undefined);
      }}
    >
      <span aria-live="polite">{copied ? t("receive.copied") : t("receive.copy")}</span>
    </Button>
  );
}
