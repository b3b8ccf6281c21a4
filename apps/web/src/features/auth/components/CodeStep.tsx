import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from "../../../components/modal/SmsConfirmationModal.tsx";
import { OtpInput } from "../../../components/OtpInput.tsx";
import { formatTimer } from "../../../lib/format/timer.ts";
import { useCountdown } from "../../../lib/hooks/use-countdown.ts";
import { isCompleteSmsCode } from "../validation.ts";

/** The instruction naming the phone the code went to is the page's intro, above this form. */
export interface CodeStepProps {
  /** Checks the code; a rejection's message is shown and the field is cleared (spec §8). */
  onConfirm: (code: string) => Promise<void>;
  /** Sends a new code; a rejection's message is shown. */
  onResend: () => Promise<void>;
  onBack?: () => void;
  backLabel?: string;
}

/**
 * The SMS code step of spec §5: 4 digits, Confirm disabled until all are in, a new code after
 * a 60-second countdown (mm:ss). The same rules as the SMS confirmation modal, on the page.
 */
export function CodeStep(props: CodeStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<Error | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown(SMS_RESEND_SECONDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteSmsCode(code) || busy) return;
    setBusy(true);
    setNotice(undefined);
    try {
      await props.onConfirm(code);
    } catch (e) {
      setCode("");
      setError(e instanceof Error ? e : new Error(String(e)));
      // A new key remounts the boxes, which puts the focus back on the first one.
      setAttempt((count) => count + 1);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(undefined);
    setNotice(undefined);
    try {
      await props.onResend();
      countdown.restart();
      setNotice(t("auth.code.resent"));
    } catch (e) {
      setError(e instanceof Error ? e : new Error(String(e)));
    }
  };

  return (
    <form className="k-auth__form" onSubmit={submit} noValidate>
      <OtpInput
        key={attempt}
        label={t("auth.code.label")}
        length={SMS_CODE_LENGTH}
        type="number"
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(undefined);
        }}
        invalid={error !== undefined}
      />
      <FormError error={error} />
      {notice ? (
        <p role="status" className="k-auth__notice">
          {notice}
        </p>
      ) : null}
      <div className="k-auth__actions">
        <Button type="submit" fullWidth disabled={!isCompleteSmsCode(code) || busy}>
          {t("auth.code.confirm")}
        </Button>
        {countdown.remaining > 0 ? (
          <p className="k-auth__resend">
            {t("auth.code.resendIn", { time: formatTimer(countdown.remaining) })}
          </p>
        ) : (
          <Button variant="ghost" fullWidth onClick={resend}>
            {t("auth.code.resend")}
          </Button>
        )}
        {props.onBack ? (
          <button type="button" className="k-auth__link-button" onClick={props.onBack}>
            {props.backLabel ?? t("auth.code.changePhone")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
