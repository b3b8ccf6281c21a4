import { useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TermsModal } from "../../../components/modal/TermsModal.tsx";
import { useMerchantDocuments } from "../../../lib/config-service/queries.ts";

export interface TermsConsentProps {
  checkbox: UseFormRegisterReturn;
  /** The Terms modal's "I have read and agree" ticks the box. */
  onAgree: () => void;
  error?: string;
}

/**
 * Spec §2 and §5: 'I have read and agree with the' plus the merchant's terms (filesLinks,
 * key "terms"); the box must be ticked. The document opens in the Terms modal.
 */
export function TermsConsent({ checkbox, onAgree, error }: TermsConsentProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const terms = useMerchantDocuments().data?.find((document) => document.key === "terms");
  const document = terms ?? { title: t("auth.terms.fallbackTitle"), url: "" };
  const labelId = `${id}-label`;
  const documentId = `${id}-document`;
  const errorId = `${id}-error`;
  return (
    <div className="k-consent">
      <div className="k-consent__row">
        <input
          id={id}
          type="checkbox"
          className="k-consent__checkbox"
          aria-labelledby={`${labelId} ${documentId}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...checkbox}
        />
        <span>
          <label id={labelId} htmlFor={id}>
            {t("auth.terms.agree")}
          </label>{" "}
          {terms ? (
            <button
              id={documentId}
              type="button"
              className="k-consent__document"
              onClick={() => setOpen(true)}
            >
              {document.title}
            </button>
          ) : (
            <label id={documentId} htmlFor={id}>
              {document.title}
            </label>
          )}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="k-field__error">
          {error}
        </p>
      ) : null}
      {terms ? (
        <TermsModal
          open={open}
          onOpenChange={setOpen}
          document={terms}
          onAgree={() => {
            onAgree();
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
