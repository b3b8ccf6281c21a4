import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../../components/Button.tsx";
import { ROUTES } from "../../../../lib/routes.ts";
import { StatusNote } from "../StatusNote.tsx";

/** Step 2: identity verification; its pending states are VERIFICATION and CONFIRMATION (spec §4). */
export function VerificationStep({ kycStatus, onRefresh }: { kycStatus: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  if (kycStatus === "REJECTED") return <StatusNote status="KYC_REJECTED" />;
  const pending = kycStatus === "IN_PROGRESS" || kycStatus === "UNDER_REVIEW";
  return (
    <div className="k-card-order__form">
      {pending ? <StatusNote status="VERIFICATION" /> : <p>{t("cardOrder.verification.needed")}</p>}
      {pending ? (
        <Button variant="secondary" onClick={onRefresh}>
          {t("cardOrder.verification.refresh")}
        </Button>
      ) : (
        <Link className="k-button k-button--primary" to={ROUTES.verification}>
          {t("cardOrder.verification.verify")}
        </Link>
      )}
    </div>
  );
}
