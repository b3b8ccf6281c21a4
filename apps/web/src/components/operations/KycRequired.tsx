import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES } from "../../lib/routes.ts";

/**
 * Shown instead of an operation's form when the catalog needs a KYC level the customer lacks
 * (OperationRoute): said before anything is typed, not when the server refuses the price.
 */
export function KycRequired({ reason }: { reason: "KYC_REQUIRED" | "KYC_VERIFYING" | "KYC_REJECTED" }) {
  const { t } = useTranslation();
  return (
    <section className="k-surface k-kyc-required" role="alertdialog" aria-labelledby="kyc-required-title">
      <h1 id="kyc-required-title" className="k-page-title">
        {t("operations.kycRequired.title")}
      </h1>
      <p>{t(`operations.reason.${reason}`)}</p>
      {reason === "KYC_VERIFYING" ? null : (
        <Link className="k-button k-button--primary" to={ROUTES.verification}>
          {t("operations.kycRequired.verify")}
        </Link>
      )}
    </section>
  );
}
