import { errorMessage } from "../api/error-message.ts";
import { useTexts } from "../i18n/i18n.tsx";
import { Heading } from "./Heading.tsx";

/** A screen with only a heading and a line (waiting for the host, opened outside a frame). */
export function MessageScreen(props: { heading: string; text: string; busy?: boolean }) {
  return (
    <div className="step status" aria-busy={props.busy}>
      {props.busy && (
        <div className="status-icon" aria-hidden="true">
          <span className="spinner" />
        </div>
      )}
      <Heading>{props.heading}</Heading>
      <p className="muted" role={props.busy ? "status" : undefined}>
        {props.text}
      </p>
    </div>
  );
}

/** A failure: the server's or host's message (or ours), and a way to try again. */
export function ErrorScreen(props: { error: unknown; onRetry: () => void }) {
  const { t } = useTexts();
  return (
    <div className="step status rejected">
      <div className="status-icon" aria-hidden="true">
        !
      </div>
      <Heading>{t.errors.heading}</Heading>
      <p className="reason" role="alert">
        {errorMessage(props.error, t.errors)}
      </p>
      <button type="button" className="primary" onClick={props.onRetry}>
        {t.errors.tryAgain}
      </button>
    </div>
  );
}
