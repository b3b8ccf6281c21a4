import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Profile } from "../../../lib/customer/profile-queries.ts";
import { ROUTES } from "../../../lib/routes.ts";
import "../../../components/button.css";

/**
 * The step after the profile (spec §4's verification rule). At KYC_0 the rule opens the KYC
 * widget, which comes with its own issue: until then this says so plainly rather than pretend.
 */
export function IdentityVerificationStep({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const verified = profile.completedKycLevel !== "KYC_0";
  return (
    <div className="k-verification__identity">
      <h2 className="k-verification__subtitle">{t("verification.identityTitle")}</h2>
      <p className="k-verification__text">
        {verified ? t("verification.verified") : t("verification.identitySoon")}
      </p>
      <Link to={ROUTES.home} className="k-button k-button--primary k-button--full">
        {t("verification.goHome")}
      </Link>
    </div>
  );
}
