import { useState } from "react";
import { ApiError, type KycApi, type KycData } from "../api/kyc-api.ts";
import { Preview } from "../capture/Preview.tsx";
import { type Flow, type Side, uploadsOf } from "../flow/flow.ts";
import { fill, useTexts } from "../i18n/i18n.tsx";
import { Heading } from "./Heading.tsx";

/** The last step: everything at a glance, each part changeable; then upload and submit. */
export function ReviewStep(props: {
  flow: Flow;
  api: KycApi;
  onChange: (side: Side | "document") => void;
  onSubmitted: (data: KycData) => void;
  onError: (error: unknown) => void;
}) {
  const { t, lang } = useTexts();
  const [busy, setBusy] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const { flow } = props;
  const uploads = uploadsOf(flow);
  const countryName = flow.country
    ? new Intl.DisplayNames([lang], { type: "region", fallback: "code" }).of(flow.country)
    : "";
  const issued = flow.issuedDate
    ? new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(`${flow.issuedDate}T00:00:00Z`),
      )
    : "";

  const submit = async () => {
    setProblem(undefined);
    try {
      for (const [i, upload] of uploads.entries()) {
        setBusy(fill(t.review.uploading, { current: i + 1, total: uploads.length }));
        const meta = upload.selfie
          ? { docType: upload.docType }
          : { docType: upload.docType, issuedDate: flow.issuedDate, issuedCountry: flow.country };
        try {
          await props.api.upload(meta, upload.capture.file, upload.capture.name);
        } catch (e) {
          // Say which photo the server refused: the customer changes that one and sends again.
          if (e instanceof ApiError)
            throw new ApiError(e.status, e.code, `${t.review[upload.side]}: ${e.message}`, e.field);
          throw e;
        }
      }
      setBusy(t.review.submitting);
      props.onSubmitted(await props.api.submit());
    } catch (e) {
      if (e instanceof ApiError) setProblem(e.message);
      else props.onError(e);
    } finally {
      setBusy(undefined);
    }
  };

  const row = (label: string, value: string) => (
    <div className="row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );

  return (
    <div className="step">
      <Heading>{t.review.heading}</Heading>
      <p className="muted">{t.review.intro}</p>
      <section className="summary" aria-label={t.review.document}>
        <dl>
          {flow.kind && row(t.review.document, t.document[flow.kind])}
          {row(t.review.country, countryName ?? "")}
          {row(t.review.issuedDate, issued)}
        </dl>
        <button
          type="button"
          className="link"
          onClick={() => props.onChange("document")}
          disabled={Boolean(busy)}
        >
          {t.review.change}
          <span className="visually-hidden"> {t.review.document}</span>
        </button>
      </section>
      <ul className="thumbs">
        {uploads.map((u) => (
          <li key={u.side}>
            <Preview capture={u.capture} alt={t.review[u.side]} small />
            <span>{t.review[u.side]}</span>
            <button
              type="button"
              className="link"
              onClick={() => props.onChange(u.side)}
              disabled={Boolean(busy)}
            >
              {t.review.change}
              <span className="visually-hidden"> {t.review[u.side]}</span>
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="primary"
        onClick={submit}
        disabled={Boolean(busy)}
        aria-busy={Boolean(busy)}
      >
        {busy ?? t.review.submit}
      </button>
      <p className="visually-hidden" aria-live="polite">
        {busy}
      </p>
    </div>
  );
}
