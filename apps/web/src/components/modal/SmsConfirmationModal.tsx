import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTimer } from "../../lib/format/timer.ts";
import { useCountdown } from "../../lib/hooks/use-countdown.ts";
import { Button } from "../Button.tsx";
import { OtpInput } from "../OtpInput.tsx";
import { Modal } from "./Modal.tsx";
import "../field.css";

/** Spec §5 and §9: a 4-digit code; a new one may be requested after 60 seconds. */
export const SMS_CODE_LENGTH = 4;
export const SMS_RESEND_SECONDS = 60;

/** What the parent answers after checking a code: a wrong code clears the field (spec §8). */
export type SmsConfirmResult = { ok: true } | { ok: false; message?: string };

export interface SmsConfirmationModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (code: string) => Promise<SmsConfirmResult> | SmsConfirmResult;
  onResend: () => Promise<void> | void;
  /** Replaces the default instruction, e.g. to name the phone number the code went to. */
  description?: string;
}

export function SmsConfirmationModal({ open, onOpenChange, ...bodyProps }: SmsConfirmationModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("modal.sms.title")}>
      {/* Lives inside the dialog content: code and countdown start fresh each time it opens. */}
      <SmsConfirmationForm {...bodyProps} />
    </Modal>
  );
}

/** The code form alone, for a modal that has other steps around it (a card reveal, a freeze). */
export function SmsConfirmationForm(props: Omit<SmsConfirmationModalProps, "open" | "onOpenChange">) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const countdown = useCountdown(SMS_RESEND_SECONDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== SMS_CODE_LENGTH || submitting) return;
    setSubmitting(true);
    try {
      const result = await props.onConfirm(code);
      if (!result.ok) {
        setCode("");
        setError(result.message);
        // A new key remounts the boxes, which puts the focus back on the first one.
        setAttempt((count) => count + 1);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    countdown.restart();
    setError(undefined);
    await props.onResend();
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="k-modal__text">{props.description ?? t("modal.sms.description")}</p>
      <OtpInput
        key={attempt}
        label={t("modal.sms.codeLabel")}
        length={SMS_CODE_LENGTH}
        type="number"
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(undefined);
        }}
        invalid={error !== undefined}
      />
      {error ? (
        <p role="alert" className="k-field__error k-modal__text">
          {error}
        </p>
      ) : null}
      <p className="k-modal__text k-sms__resend">
        {countdown.remaining > 0 ? (
          t("modal.sms.resendIn", { time: formatTimer(countdown.remaining) })
        ) : (
          <Button variant="ghost" onClick={resend}>
            {t("modal.sms.resend")}
          </Button>
        )}
      </p>
      <div className="k-modal__actions">
        <Button type="submit" fullWidth disabled={code.length !== SMS_CODE_LENGTH || submitting}>
          {t("modal.sms.confirm")}
        </Button>
      </div>
    </form>
  );
}
