import { useTranslation } from "react-i18next";
import { type KycData, latestRequest, verificationState } from "../kyc/verification-rule.ts";

/** The customer's level and where their newest verification request stands, with its reason. */
export function KycStatus({ data }: { data: KycData }) {
  const { t } = useTranslation();
  const state = verificationState(data);
  const request = latestRequest(data);
  const identity = request?.identity ?? true;
  const reason = request?.details.rejectFormattedMessage || t("verification.state.noReason");
  const [title, text] = {
    notStarted: [t("verification.state.notStarted"), t("verification.state.notStartedText")],
    inReview: [
      t("verification.state.inReview"),
      identity ? t("verification.state.inReviewText") : t("verification.state.levelInReviewText"),
    ],
    approved: [t("verification.state.approved"), t("verification.verified")],
    rejected: [identity ? t("verification.state.rejected") : t("verification.state.levelRejected"), reason],
    actionNeeded: [t("verification.state.actionNeeded"), reason],
  }[state];

  return (
    <div className={`k-kyc-status k-kyc-status--${state}`} aria-live="polite">
      <dl className="k-kyc-status__level">
        <dt>{t("verification.yourLevel")}</dt>
        <dd data-testid="kyc-level">{t(`words.kycLevel.${data.kycLevel}`)}</dd>
      </dl>
      {data.kycLevel === "KYC_0" && <p className="k-kyc-status__text">{t("verification.levelHint")}</p>}
      <div className="k-kyc-status__state">
        <p className="k-kyc-status__title">
          <span className="k-kyc-status__dot" aria-hidden="true" />
          {title}
        </p>
        <p className="k-kyc-status__text">{text}</p>
      </div>
    </div>
  );
}
