import { useEffect } from "react";
import type { KycApi, KycData } from "../api/kyc-api.ts";
import { useTexts } from "../i18n/i18n.tsx";
import { Heading } from "./Heading.tsx";

const POLL_MS = 3000;

export type StatusKind = "review" | "approved" | "rejected" | "retry";

/** Where the customer's verification stands, from GET /v2/customer/kyc/data. */
export function statusKind(data: KycData): StatusKind | undefined {
  const kyc1 = data.kyc1ClientData;
  if (kyc1.status === "UNDER_REVIEW") return "review";
  if (kyc1.status === "APPROVED" || data.kycLevel === "KYC_2") return "approved";
  if (kyc1.status === "DENIED") return kyc1.retryAllowed ? "retry" : "rejected";
  return undefined;
}

/**
 * In review (asking the server every few seconds until decided), approved, or rejected with
 * the reason, and a new attempt where the reviewer allows one.
 */
export function StatusScreen(props: {
  data: KycData;
  api: KycApi;
  onUpdate: (data: KycData) => void;
  onRetry: () => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTexts();
  const kind = statusKind(props.data) ?? "review";
  const { api, onUpdate, onError } = props;

  useEffect(() => {
    if (kind !== "review") return;
    // A poll still in flight when the review ends (decided, or the customer moved on with "Try
    // again") must not bring its answer back: it would pull the customer off the step they are on.
    let live = true;
    const timer = setInterval(() => {
      api.getData().then(
        (data) => live && onUpdate(data),
        (e: unknown) => {
          if (!live) return;
          clearInterval(timer);
          onError(e);
        },
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [kind, api, onUpdate, onError]);

  const reason = props.data.kyc1ClientData.reason;
  const why = (reason && t.status.reasons[reason]) || props.data.kyc1ClientData.rejectFormattedMessage;

  return (
    <div className={`step status ${kind}`} aria-live="polite">
      <div className="status-icon" aria-hidden="true">
        {kind === "review" ? <span className="spinner" /> : kind === "approved" ? "✓" : "!"}
      </div>
      {kind === "review" && (
        <>
          <Heading>{t.status.reviewHeading}</Heading>
          <p className="muted">{t.status.reviewText}</p>
        </>
      )}
      {kind === "approved" && (
        <>
          <Heading>{t.status.approvedHeading}</Heading>
          <p className="muted">{t.status.approvedText}</p>
        </>
      )}
      {kind === "rejected" && (
        <>
          <Heading>{t.status.rejectedHeading}</Heading>
          {why && <p className="reason">{why}</p>}
          <p className="muted">{t.status.rejectedText}</p>
        </>
      )}
      {kind === "retry" && (
        <>
          <Heading>{t.status.retryHeading}</Heading>
          <p className="reason">{why ?? t.status.retryText}</p>
          <button type="button" className="primary" onClick={props.onRetry}>
            {t.status.retry}
          </button>
        </>
      )}
    </div>
  );
}
