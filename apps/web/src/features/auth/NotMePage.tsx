import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { useMerchantData } from "../../lib/config-service/queries.ts";
import { asError } from "../../lib/forms/server-errors.ts";
import "../../lib/i18n/en-security.ts";
import { ROUTES } from "../../lib/routes.ts";
import { useApi, useSessionStatus, useWebSession } from "../../lib/session/session-context.tsx";
import { securityNotMe } from "./api/auth-calls.ts";
import { AuthPage } from "./components/AuthPage.tsx";

/**
 * /security/not-me?token=… (the new-device alert's "This wasn't me" link). Nothing happens on
 * opening it (mail scanners open links): the button signs out every session, this browser's too,
 * and the server texts a password reset code; the reset screen then goes on at its code step.
 */
export function NotMePage() {
  const { t } = useTranslation();
  const api = useApi();
  const session = useWebSession();
  const signedIn = useSessionStatus() === "signedIn";
  const navigate = useNavigate();
  const merchant = useMerchantData().data;
  const token = useSearchParams()[0].get("token") ?? "";
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<Error | undefined>();

  const go = async () => {
    if (!merchant) return;
    setWorking(true);
    setError(undefined);
    try {
      const { phone } = await securityNotMe(api, merchant, token);
      // This browser's session ended on the server with every other: forget it here too.
      if (signedIn) await session.signOut();
      await navigate(ROUTES.resetPassword, { replace: true, state: { phone } });
    } catch (e) {
      setError(asError(e));
      setWorking(false);
    }
  };

  const footer = (
    <p>
      <Link className="k-link" to={ROUTES.signIn}>
        {t("auth.reset.backToSignIn")}
      </Link>
    </p>
  );
  return (
    <AuthPage title={t("pages.securityNotMe")} intro={t("security.notMe.intro")} footer={footer}>
      {token ? (
        <div className="k-auth__form">
          <FormError error={error} />
          <Button fullWidth disabled={working || !merchant} onClick={() => void go()}>
            {working ? t("security.notMe.working") : t("security.notMe.action")}
          </Button>
        </div>
      ) : (
        <p role="alert">{t("security.notMe.missing")}</p>
      )}
    </AuthPage>
  );
}
