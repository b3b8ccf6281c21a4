import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFaq } from "../../lib/config-service/queries.ts";
import type { FaqEntry } from "../../lib/config-service/schemas.ts";

/** The merchant's FAQ as an accordion (WAI-ARIA pattern: a button per heading, a region per answer). */
export function FaqSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const entries = useFaq().data ?? [];
  if (entries.length === 0) return null;
  return (
    <section className="k-faq k-surface" aria-labelledby={headingId}>
      <h2 id={headingId} className="k-faq__heading">
        {t("layout.faq")}
      </h2>
      {entries.map((entry) => (
        <FaqItem key={entry.id} entry={entry} />
      ))}
    </section>
  );
}

function FaqItem({ entry }: { entry: FaqEntry }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="k-faq__item">
      <h3 className="k-faq__question">
        <button
          type="button"
          id={`${id}-button`}
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          onClick={() => setOpen((value) => !value)}
        >
          <span>{entry.question}</span>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </h3>
      <section id={`${id}-answer`} aria-labelledby={`${id}-button`} hidden={!open} className="k-faq__answer">
        {entry.answer}
      </section>
    </div>
  );
}
