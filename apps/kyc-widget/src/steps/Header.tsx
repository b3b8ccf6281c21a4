import { fill, useTexts } from "../i18n/i18n.tsx";

/** Title bar of every screen: back (when there is a step before) and where the customer is. */
export function Header(props: { onBack?: () => void; step?: { current: number; total: number } }) {
  const { t } = useTexts();
  return (
    <header className="header">
      {props.onBack ? (
        <button type="button" className="back" onClick={props.onBack} aria-label={t.back}>
          <span aria-hidden="true">‹</span> {t.back}
        </button>
      ) : (
        <span />
      )}
      {props.step && <span className="step-count">{fill(t.step, props.step)}</span>}
    </header>
  );
}
