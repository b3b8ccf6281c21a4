import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { FormError } from "../../components/FormError.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { useMerchantData } from "../../lib/config-service/queries.ts";
import { formatPhone } from "../../lib/phone/phone-number.ts";
import { usePhoneCountries } from "../../lib/phone/use-phone-countries.ts";
import { usePhoneNumbers } from "../../lib/phone/use-phone-numbers.ts";
import { ROUTES } from "../../lib/routes.ts";
import { useApi } from "../../lib/session/session-context.tsx";
import { checkPasswordResetCode, confirmPasswordReset, startPasswordReset } from "./api/auth-calls.ts";
import { AuthPage } from "./components/AuthPage.tsx";
import { CodeStep } from "./components/CodeStep.tsx";
import { NewPasswordForm } from "./components/NewPasswordForm.tsx";
import { PhoneForm } from "./components/PhoneForm.tsx";
import { useContinueAfterSignIn } from "./hooks/use-continue-after-sign-in.ts";

/**
 * /reset-password (spec §2): phone (step 1), SMS code (step 2), new password (step 3). The new
 * password signs the customer in (every other session ends), then the redirect rules apply.
 * Coming from the alert's "This wasn't me" (state `phone`), the code is already sent: step 2.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const api = useApi();
  const merchant = useMerchantData().data;
  const phones = usePhoneCountries();
  // Step 2 may come first (from the alert link): the phone is formatted once the library is in.
  const numbersReady = usePhoneNumbers();
  const continueAfterSignIn = useContinueAfterSignIn();
  const sentTo = (useLocation().state as { phone?: unknown } | null)?.phone;
  const [phone, setPhone] = useState(typeof sentTo === "string" ? sentTo : "");
  const [code, setCode] = useState("");
  const step = !phone || !merchant ? 1 : !code ? 2 : 3;

  const footer = (
    <p>
      <Link className="k-link" to={ROUTES.signIn}>
        {t("auth.reset.backToSignIn")}
      </Link>
    </p>
  );
  const page = { title: t("pages.resetPassword"), step: t("auth.reset.step", { step }), footer };

  if (step === 1 || !merchant) {
    return (
      <AuthPage {...page} subtitle={t("auth.reset.phoneTitle")} intro={t("auth.reset.phoneText")}>
        {phones.isPending ? (
          <div className="k-auth__loading">
            <Spinner />
          </div>
        ) : (
          <>
            <FormError error={phones.error ?? undefined} />
            <PhoneForm
              countries={phones.countries}
              defaultCountry={phones.defaultCountry}
              submitLabel={t("auth.reset.sendCode")}
              onSubmit={async (digits) => {
                if (!merchant) throw new Error(t("modal.error.message"));
                await startPasswordReset(api, merchant, digits);
                setPhone(digits);
              }}
            />
          </>
        )}
      </AuthPage>
    );
  }

  if (step === 2) {
    return (
      <AuthPage
        {...page}
        subtitle={t("auth.code.title")}
        intro={t("auth.code.sentTo", { phone: numbersReady ? formatPhone(phone) : `+${phone}` })}
      >
        <CodeStep
          onConfirm={async (entered) => {
            await checkPasswordResetCode(api, merchant, phone, entered);
            setCode(entered);
          }}
          onResend={() => startPasswordReset(api, merchant, phone).then(() => undefined)}
          onBack={() => setPhone("")}
        />
      </AuthPage>
    );
  }

  return (
    <AuthPage {...page} subtitle={t("auth.reset.newPasswordTitle")}>
      <NewPasswordForm
        onSubmit={async (password) =>
          continueAfterSignIn(await confirmPasswordReset(api, merchant, { phone, code, password }))
        }
      />
    </AuthPage>
  );
}
