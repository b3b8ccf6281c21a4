import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { safeUrl } from "../../lib/theme/safe-url.ts";
import { Button } from "../Button.tsx";
import { Modal } from "./Modal.tsx";

export interface TermsDocument {
  title: string;
  url: string;
}

export interface TermsModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The merchant's document (from `/web/info?variant=filesLinks`) the customer agrees to. */
  document: TermsDocument;
  onAgree: () => void;
}

/** The agree button stays disabled until the box is ticked (spec §5). */
export function TermsModal({ open, onOpenChange, document, onAgree }: TermsModalProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={document.title}>
      {/* Inside the dialog content, so the tick is forgotten whenever the modal closes. */}
      <TermsAgreement document={document} onAgree={onAgree} />
    </Modal>
  );
}

function TermsAgreement({ document, onAgree }: { document: TermsDocument; onAgree: () => void }) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  return (
    <>
      <TermsCheckbox document={document} checked={agreed} onChange={setAgreed} />
      <div className="k-modal__actions">
        <Button fullWidth disabled={!agreed} onClick={onAgree}>
          {t("modal.terms.button")}
        </Button>
      </div>
    </>
  );
}

/**
 * The spec's terms checkbox, 'I have read and agree with the' and the linked document (§4): the
 * modal's, and on its own where the page's own button is the one action (the card order's Pay).
 */
export function TermsCheckbox({
  document,
  checked,
  onChange,
}: {
  document: TermsDocument;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const checkboxId = useId();
  return (
    <div className="k-terms">
      <input
        id={checkboxId}
        type="checkbox"
        className="k-terms__checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={checkboxId}>
        {t("modal.terms.checkbox")}{" "}
        <a href={safeUrl(document.url)} target="_blank" rel="noopener noreferrer" className="k-link">
          {document.title}
        </a>
      </label>
    </div>
  );
}
