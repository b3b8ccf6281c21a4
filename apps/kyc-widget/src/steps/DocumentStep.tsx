import { DOCUMENT_KINDS, type DocumentKind, type DocumentSettings } from "@kestrel/kyc-sdk";
import { useId, useMemo, useState } from "react";
import type { Country } from "../api/kyc-api.ts";
import { useTexts } from "../i18n/i18n.tsx";
import { Heading } from "./Heading.tsx";

export type DocumentChoice = { kind: DocumentKind; country: string; issuedDate: string };

const today = () => new Date().toISOString().slice(0, 10);

/** Step 1: document type, issuing country and date of issue. */
export function DocumentStep(props: {
  countries: Country[];
  settings: DocumentSettings | undefined;
  initial: Partial<DocumentChoice>;
  onContinue: (choice: DocumentChoice) => void;
}) {
  const { t, lang } = useTexts();
  const id = useId();
  const kinds = DOCUMENT_KINDS.filter(
    (k) => !props.settings?.documentTypes || props.settings.documentTypes.includes(k),
  );
  const [kind, setKind] = useState<DocumentKind | undefined>(
    props.initial.kind ?? (kinds.length === 1 ? kinds[0] : undefined),
  );
  const [country, setCountry] = useState(props.initial.country ?? "");
  const [issuedDate, setIssuedDate] = useState(props.initial.issuedDate ?? "");
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: "region", fallback: "code" });
    const allowed = props.settings?.countries;
    return props.countries
      .filter((c) => !c.blocked && (!allowed || allowed.includes(c.code)))
      .map((c) => ({ code: c.code, name: names.of(c.code) ?? c.name }))
      .sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [props.countries, props.settings, lang]);
  const future = issuedDate !== "" && issuedDate > today();
  const ready =
    kind && countries.some((c) => c.code === country) && /^\d{4}-\d{2}-\d{2}$/.test(issuedDate) && !future;

  return (
    <form
      className="step"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) props.onContinue({ kind, country, issuedDate });
      }}
    >
      <Heading>{t.document.heading}</Heading>
      <p className="muted">{t.document.intro}</p>
      <fieldset className="choices">
        <legend>{t.document.type}</legend>
        {kinds.map((k) => (
          <label key={k} className={`choice${kind === k ? " selected" : ""}`}>
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
            <span>{t.document[k]}</span>
          </label>
        ))}
      </fieldset>
      <label className="field" htmlFor={`${id}-country`}>
        {t.document.country}
      </label>
      <select id={`${id}-country`} value={country} onChange={(e) => setCountry(e.target.value)}>
        <option value="">{t.document.chooseCountry}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      <label className="field" htmlFor={`${id}-date`}>
        {t.document.issuedDate}
      </label>
      <input
        id={`${id}-date`}
        type="date"
        max={today()}
        value={issuedDate}
        aria-invalid={future}
        aria-describedby={future ? `${id}-date-error` : undefined}
        onChange={(e) => setIssuedDate(e.target.value)}
      />
      {future && (
        <p id={`${id}-date-error`} className="error" role="alert">
          {t.document.dateInFuture}
        </p>
      )}
      <button type="submit" className="primary" disabled={!ready}>
        {t.continue}
      </button>
    </form>
  );
}
