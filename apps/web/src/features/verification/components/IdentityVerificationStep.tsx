import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/Button.tsx";
import { ErrorModal } from "../../../components/modal/ErrorModal.tsx";
import { IncreaseLimitsModal } from "../../../components/modal/IncreaseLimitsModal.tsx";
import { PendingModal } from "../../../components/modal/PendingModal.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { RowsSkeleton } from "../../../components/skeleton/RowsSkeleton.tsx";
import type { Profile } from "../../../lib/customer/profile-queries.ts";
import { ROUTES } from "../../../lib/routes.ts";
import { useVerificationFlow } from "../kyc/use-verification-flow.ts";
import { type KycData, verificationAction, verificationState } from "../kyc/verification-rule.ts";
import { KycStatus } from "./KycStatus.tsx";
import { KycWidgetModal } from "./KycWidgetModal.tsx";

type ActionLabel = `verification.action.${"increase" | "sendNew" | "verify" | "details"}`;

/** The label of the button that applies spec §4's rule. */
function actionLabel(data: KycData): ActionLabel {
  const action = verificationAction(data);
  if (action !== "widget") return "verification.action.increase";
  const state = verificationState(data);
  if (state === "actionNeeded") return "verification.action.sendNew";
  // In review or declined for good, the widget shows where things stand.
  return state === "notStarted" ? "verification.action.verify" : "verification.action.details";
}

/**
 * The step after the profile: the customer's level and status, kept current while the page is
 * open, and the button that applies spec §4's verification rule (widget, limit increase or the
 * mobile-only modal), with the modals each outcome shows.
 */
export function IdentityVerificationStep({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { kyc, dialog, busy, start, close, newWidgetToken } = useVerificationFlow();
  const closeOn = (open: boolean) => {
    if (!open) close();
  };
  const label = kyc.data ? actionLabel(kyc.data) : undefined;

  return (
    <div className="k-verification__identity">
      <h2 className="k-verification__subtitle">{t("verification.identityTitle")}</h2>
      {kyc.data ? (
        <KycStatus data={kyc.data} />
      ) : kyc.isPending ? (
        <RowsSkeleton rows={1} />
      ) : (
        <div role="alert" className="k-verification__load-error">
          <p>{t("verification.loadError")}</p>
          <Button variant="secondary" onClick={() => void kyc.refetch()}>
            {t("verification.retry")}
          </Button>
        </div>
      )}
      {label ? (
        <Button fullWidth disabled={busy} aria-busy={busy} onClick={() => void start()}>
          {busy ? <Spinner size={24} /> : null}
          {t(label)}
        </Button>
      ) : null}
      <div className="k-verification__links">
        <Link to={ROUTES.limits} className="k-link">
          {t("verification.seeLimits")}
        </Link>
        <Link to={ROUTES.home} className="k-link">
          {t("verification.goHome")}
        </Link>
      </div>

      <KycWidgetModal
        open={dialog.kind === "widget"}
        onOpenChange={closeOn}
        token={dialog.kind === "widget" ? dialog.token : ""}
        newToken={newWidgetToken}
        profile={profile}
      />
      <PendingModal
        open={dialog.kind === "underReview"}
        onOpenChange={closeOn}
        title={t("verification.underReview.title")}
        description={
          profile.email
            ? t("verification.underReview.email", { email: profile.email })
            : t("verification.underReview.noEmail")
        }
      />
      <PendingModal
        open={dialog.kind === "accepted"}
        onOpenChange={closeOn}
        title={t("verification.accepted.title")}
        description={t("verification.accepted.text")}
      />
      <IncreaseLimitsModal open={dialog.kind === "mobileOnly"} onOpenChange={closeOn} />
      <ErrorModal
        open={dialog.kind === "error"}
        onOpenChange={closeOn}
        message={dialog.kind === "error" && dialog.message ? dialog.message : undefined}
      />
    </div>
  );
}
