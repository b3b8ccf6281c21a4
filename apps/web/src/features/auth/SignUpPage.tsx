import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { useMerchantData } from "../../lib/config-service/queries.ts";
import { formatPhone, phoneDigits } from "../../lib/phone/phone-number.ts";
import { usePhoneCountries } from "../../lib/phone/use-phone-countries.ts";
import { ROUTES } from "../../lib/routes.ts";
import { useApi, useSessionStatus, useWebSession } from "../../lib/session/session-context.tsx";
import { confirmPhone, resendPhoneCode, signUp } from "./api/auth-calls.ts";
import { AuthPage } from "./components/AuthPage.tsx";
import { CodeStep } from "./components/CodeStep.tsx";
import { EmailStep } from "./components/EmailStep.tsx";
import { ReferralForm, referralIntroKey } from "./components/ReferralForm.tsx";
import { SignUpForm } from "./components/SignUpForm.tsx";
import { useCaptcha } from "./hooks/use-captcha.ts";
import { useContinueAfterSignIn } from "./hooks/use-continue-after-sign-in.ts";
import { rememberStepPassed } from "./redirect-after-sign-in.ts";

type Step = "credentials" | "code" | "confirmed" | "email" | "referral";

/** The steps the customer counts (issue 47): "confirmed" is the code step's outcome, not a step. */
const STEP_NUMBER: Record<Step, number> = { credentials: 1, code: 2, confirmed: 2, email: 3, referral: 4 };
const STEP_TOTAL = 4;

/**
 * /sign-up (spec §2): phone and password with captcha, the SMS code (step 1), confirmed
 * (step 2), then the optional email and referral code, then /verification.
 * /sign-up?isEmptyEmail=yes is only the email step, for a signed-in customer without one.
 */
export function SignUpPage() {
  const [params] = useSearchParams();
  return params.get("isEmptyEmail") === "yes" ? <EmptyEmailStep /> : <SignUpFlow />;
}

function SignUpFlow() {
  const { t } = useTranslation();
  const api = useApi();
  const session = useWebSession();
  const navigate = useNavigate();
  const merchant = useMerchantData().data;
  const phones = usePhoneCountries();
  const captcha = useCaptcha();
  const [step, setStep] = useState<Step>("credentials");
  const [phone, setPhone] = useState("");

  const title = t("pages.signUp");
  const progress = t("auth.signUp.step", { step: STEP_NUMBER[step], total: STEP_TOTAL });
  const toVerification = () => {
    rememberStepPassed("referral");
    return navigate(ROUTES.verification, { replace: true });
  };

  if (step === "credentials" || !merchant) {
    return (
      <AuthPage
        title={title}
        step={progress}
        intro={t("auth.signUp.intro")}
        footer={
          <p>
            {t("auth.signUp.haveAccount")}{" "}
            <Link className="k-link" to={ROUTES.signIn}>
              {t("auth.signUp.signInLink")}
            </Link>
          </p>
        }
      >
        {phones.isPending ? (
          <div className="k-auth__loading">
            <Spinner />
          </div>
        ) : (
          <>
            <FormError error={phones.error ?? undefined} />
            <SignUpForm
              countries={phones.countries}
              defaultCountry={phones.defaultCountry}
              captcha={captcha.state}
              onStart={() => void captcha.start()}
              onSubmit={async (values) => {
                if (!merchant) throw new Error(t("modal.error.message"));
                const digits = phoneDigits(values.phone, values.country) ?? "";
                const token = await captcha.take().catch(() => {
                  throw new Error(t("auth.captcha.failed"));
                });
                await signUp(api, merchant, { phone: digits, password: values.password }, token);
                setPhone(digits);
                setStep("code");
              }}
            />
          </>
        )}
      </AuthPage>
    );
  }

  if (step === "code") {
    return (
      <AuthPage
        title={title}
        step={progress}
        subtitle={t("auth.code.title")}
        intro={t("auth.code.sentTo", { phone: formatPhone(phone) })}
      >
        <CodeStep
          onConfirm={async (code) => {
            session.signIn(await confirmPhone(api, merchant, phone, code));
            rememberStepPassed("signIn");
            setStep("confirmed");
          }}
          onResend={() => resendPhoneCode(api, merchant, phone).then(() => undefined)}
          onBack={() => setStep("credentials")}
        />
      </AuthPage>
    );
  }

  if (step === "confirmed") {
    return (
      <AuthPage
        title={title}
        step={progress}
        subtitle={t("auth.signUp.confirmedTitle")}
        intro={t("auth.signUp.confirmedText")}
      >
        <Button fullWidth autoFocus onClick={() => setStep("email")}>
          {t("auth.signUp.continue")}
        </Button>
      </AuthPage>
    );
  }

  if (step === "email") {
    return (
      <AuthPage
        title={title}
        step={progress}
        subtitle={t("auth.signUp.emailTitle")}
        intro={t("auth.signUp.emailText")}
      >
        <EmailStep
          onDone={() => {
            rememberStepPassed("email");
            setStep("referral");
          }}
        />
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title={title}
      step={progress}
      subtitle={t("auth.referral.title")}
      intro={t(referralIntroKey(merchant.referralCodeRequired))}
    >
      <ReferralForm required={merchant.referralCodeRequired} onDone={toVerification} />
    </AuthPage>
  );
}

/** The redirect rule's stop for a phone-only customer; afterwards the next rules apply. */
function EmptyEmailStep() {
  const { t } = useTranslation();
  const status = useSessionStatus();
  const continueAfterSignIn = useContinueAfterSignIn();
  if (status === "signedOut") return <Navigate to={ROUTES.signIn} replace />;
  return (
    <AuthPage
      title={t("pages.signUp")}
      subtitle={t("auth.signUp.emailTitle")}
      intro={t("auth.signUp.emailText")}
    >
      {status === "restoring" ? (
        <div className="k-auth__loading">
          <Spinner />
        </div>
      ) : (
        <EmailStep onDone={() => continueAfterSignIn(undefined, "email")} />
      )}
    </AuthPage>
  );
}
