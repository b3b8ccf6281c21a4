import { ApiError } from "@kestrel/api-client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { Modal } from "../../../../components/modal/Modal.tsx";
import {
  SmsConfirmationForm,
  type SmsConfirmResult,
} from "../../../../components/modal/SmsConfirmationModal.tsx";
import { Spinner } from "../../../../components/Spinner.tsx";
import { type RevealedCard, useCardReveal } from "../../api/card-security-queries.ts";
import type { CardModalProps } from "./CardSecurityActions.tsx";
import { codeStillValid } from "./code-still-valid.ts";
import { RevealedSecrets } from "./RevealedSecrets.tsx";
import "./card-security.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../../lib/i18n/en-card-security.ts";

/** Show number (no code) or show details (number, CVV, expiry after an SMS code). */
export function RevealModal(props: CardModalProps & { mode: "number" | "details" }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.mode === "number" ? t("cardSecurity.numberTitle") : t("cardSecurity.detailsTitle")}
    >
      {/* Inside the dialog content: every opening starts afresh and closing forgets the secrets. */}
      <RevealBody {...props} />
    </Modal>
  );
}

type Step =
  | { name: "working" }
  | { name: "code" }
  | { name: "shown"; secrets: RevealedCard | undefined }
  | { name: "failed"; error: Error };

function RevealBody({ card, program, mode, onOpenChange }: CardModalProps & { mode: "number" | "details" }) {
  const { t } = useTranslation();
  const reveal = useCardReveal(program);
  const [step, setStep] = useState<Step>({ name: "working" });
  const started = useRef(false);

  const start = useCallback(async () => {
    setStep({ name: "working" });
    try {
      if (mode === "number") setStep({ name: "shown", secrets: await reveal.number(card.id) });
      else {
        await reveal.sendCode(card.id).catch(codeStillValid);
        setStep({ name: "code" });
      }
    } catch (error) {
      setStep({ name: "failed", error: error as Error });
    }
  }, [mode, card.id, reveal]);

  useEffect(() => {
    // Once per opening (a development double effect must not text two codes).
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  const confirm = async (code: string): Promise<SmsConfirmResult> => {
    try {
      setStep({ name: "shown", secrets: await reveal.details(card.id, code) });
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && error.field === "code") return { ok: false, message: error.message };
      setStep({ name: "failed", error: error as Error });
      return { ok: true };
    }
  };
  const hide = useCallback(() => setStep({ name: "shown", secrets: undefined }), []);

  if (step.name === "working") {
    return (
      <div className="k-card-secrets__working">
        <Spinner size={60} label={t("cardSecurity.opening")} />
        <p className="k-modal__text">{t("cardSecurity.opening")}</p>
      </div>
    );
  }
  if (step.name === "code") {
    return (
      <SmsConfirmationForm
        description={t("cardSecurity.detailsCode")}
        onConfirm={confirm}
        onResend={async () => {
          await reveal.sendCode(card.id).catch((error: Error) => setStep({ name: "failed", error }));
        }}
      />
    );
  }
  if (step.name === "failed") {
    return (
      <div className="k-modal__actions">
        <FormError error={step.error} />
        <Button fullWidth onClick={() => void start()}>
          {t("cardSecurity.tryAgain")}
        </Button>
      </div>
    );
  }
  return (
    <>
      <RevealedSecrets
        secrets={step.secrets}
        details={mode === "details"}
        masked={{ number: card.number ?? "", cardholderName: card.cardholderName }}
        onHide={hide}
      />
      <div className="k-modal__actions">
        <Button variant="secondary" fullWidth onClick={() => onOpenChange(false)}>
          {t("cardSecurity.done")}
        </Button>
      </div>
    </>
  );
}
