import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { useProfile } from "../../lib/customer/profile-queries.ts";
import { ROUTES } from "../../lib/routes.ts";
import { useWebSession } from "../../lib/session/session-context.tsx";
import { AuthPage } from "./components/AuthPage.tsx";
import { ReferralForm, referralIntroKey } from "./components/ReferralForm.tsx";
import { useContinueAfterSignIn } from "./hooks/use-continue-after-sign-in.ts";

/**
 * /referral-code: where the redirect rule sends a customer whose merchant requires a referral
 * code they have not given; also reachable from the profile menu, where it is optional. The page
 * has no menu, so it offers sign-out itself: a required code must not be a dead end.
 */
export function ReferralCodePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const session = useWebSession();
  const navigate = useNavigate();
  const continueAfterSignIn = useContinueAfterSignIn();
  const next = () => continueAfterSignIn(undefined, "referral");
  const saved = profile.data?.referralCode;
  const required = profile.data?.referralCodeRequired ?? false;

  const signOut = async () => {
    await session.signOut();
    await navigate(ROUTES.signIn, { replace: true });
  };
  const footer = (
    <p>
      {t("auth.referral.notYou")}{" "}
      <button type="button" className="k-auth__link-button k-auth__link-button--inline" onClick={signOut}>
        {t("auth.referral.signOut")}
      </button>
    </p>
  );

  return (
    <AuthPage
      title={t("pages.referralCode")}
      intro={profile.data && !saved ? t(referralIntroKey(required)) : undefined}
      footer={footer}
    >
      {profile.isPending ? (
        <div className="k-auth__loading">
          <Spinner />
        </div>
      ) : saved ? (
        <div className="k-auth__form">
          <p className="k-auth__intro">{t("auth.referral.saved", { code: saved })}</p>
          <Button fullWidth onClick={() => void next()}>
            {t("auth.referral.continue")}
          </Button>
        </div>
      ) : profile.data ? (
        <ReferralForm required={required} onDone={next} />
      ) : (
        <FormError error={profile.error ?? undefined} />
      )}
    </AuthPage>
  );
}
