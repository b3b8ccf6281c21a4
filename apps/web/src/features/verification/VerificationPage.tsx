import { useTranslation } from "react-i18next";
import { FormError } from "../../components/FormError.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { isProfileComplete } from "../../lib/customer/profile-completeness.ts";
import { useProfile } from "../../lib/customer/profile-queries.ts";
import { IdentityVerificationStep } from "./components/IdentityVerificationStep.tsx";
import { ProfileForm } from "./components/ProfileForm.tsx";
import "./verification.css";

/** /verification: profile completion first, then identity verification (spec §2, §4). */
export function VerificationPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const data = profile.data;
  return (
    <section className="k-surface k-verification">
      <h1 className="k-page-title">{t("pages.verification")}</h1>
      {profile.isPending ? (
        <RowsSkeleton />
      ) : !data ? (
        <FormError error={profile.error ?? undefined} />
      ) : isProfileComplete(data) ? (
        <IdentityVerificationStep profile={data} />
      ) : (
        <>
          <div className="k-verification__header">
            <h2 className="k-verification__subtitle">{t("verification.profileTitle")}</h2>
            <p className="k-verification__text">{t("verification.profileText")}</p>
          </div>
          <ProfileForm profile={data} />
        </>
      )}
    </section>
  );
}
