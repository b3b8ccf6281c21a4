import { ApiError } from "@kestrel/api-client";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { Modal } from "../../../../components/modal/Modal.tsx";
import { TextField } from "../../../../components/TextField.tsx";
import { useNotify } from "../../../../lib/notifications/notifications-context.tsx";
import { useSetPin } from "../../api/card-security-queries.ts";
import { PIN_LENGTH, pinProblem } from "../../pin-rules.ts";
import type { CardModalProps } from "./CardSecurityActions.tsx";
import "./card-security.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../../lib/i18n/en-card-security.ts";

/** Set or change the card PIN: checked here as the server checks it, sent sealed to its key. */
export function PinModal(props: CardModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} title={t("cardSecurity.pinTitle")}>
      <PinForm {...props} />
    </Modal>
  );
}

const digitsOnly = (value: string) => value.replace(/\D/g, "").slice(0, PIN_LENGTH);

function PinForm({ card, program, onOpenChange }: CardModalProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const setPin = useSetPin(program);
  const [pin, setPinValue] = useState("");
  const [repeat, setRepeat] = useState("");
  const [checked, setChecked] = useState(false);
  const problem = pinProblem(pin);
  const pinError =
    checked && problem
      ? t(problem === "FORMAT" ? "cardSecurity.pinFormat" : "cardSecurity.pinSimple")
      : setPin.error instanceof ApiError && setPin.error.field === "pin"
        ? setPin.error.message
        : undefined;
  const repeatError = checked && !problem && repeat !== pin ? t("cardSecurity.pinMismatch") : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem || repeat !== pin || setPin.isPending) return;
    setPin.mutate(
      { cardId: card.id, pin },
      {
        onSuccess: () => {
          notify.success(t("cardSecurity.pinDone"));
          onOpenChange(false);
        },
      },
    );
  };
  const otherError =
    setPin.error instanceof ApiError && setPin.error.field === "pin" ? undefined : setPin.error;

  return (
    <form className="k-card-security__form" onSubmit={submit} noValidate>
      <TextField
        label={t("cardSecurity.pin")}
        hint={t("cardSecurity.pinHint")}
        error={pinError}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={PIN_LENGTH}
        value={pin}
        onChange={(e) => {
          setPinValue(digitsOnly(e.target.value));
          setPin.reset();
        }}
        autoFocus
      />
      <TextField
        label={t("cardSecurity.pinRepeat")}
        error={repeatError}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={PIN_LENGTH}
        value={repeat}
        onChange={(e) => setRepeat(digitsOnly(e.target.value))}
      />
      <FormError error={otherError ?? undefined} />
      <Button type="submit" fullWidth disabled={setPin.isPending}>
        {t("cardSecurity.pinSave")}
      </Button>
    </form>
  );
}
