import { ApiError } from "@kestrel/api-client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { Modal } from "../../../../components/modal/Modal.tsx";
import {
  SmsConfirmationForm,
  type SmsConfirmResult,
} from "../../../../components/modal/SmsConfirmationModal.tsx";
import { useNotify } from "../../../../lib/notifications/notifications-context.tsx";
import { type BlockAction, useCardBlock } from "../../api/card-security-queries.ts";
import type { CardModalProps } from "./CardSecurityActions.tsx";
import { codeStillValid } from "./code-still-valid.ts";
import "./card-security.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../../lib/i18n/en-card-security.ts";

/**
 * Soft block (spec §4): a frozen card is unfrozen, any other is frozen; a code is texted, then
 * confirmed, and the card list reads again.
 */
export function FreezeModal(props: CardModalProps & { action: BlockAction }) {
  const { t } = useTranslation();
  const freeze = props.action === "freeze";
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={freeze ? t("cardSecurity.freezeTitle") : t("cardSecurity.unfreezeTitle")}
    >
      <FreezeBody {...props} />
    </Modal>
  );
}

function FreezeBody({ card, program, action, onOpenChange }: CardModalProps & { action: BlockAction }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const block = useCardBlock(program, action);
  const [codeSent, setCodeSent] = useState(false);
  const [error, setError] = useState<Error>();
  const freeze = action === "freeze";

  const send = async () => {
    setError(undefined);
    try {
      await block.sendCode.mutateAsync(card.id).catch(codeStillValid);
      setCodeSent(true);
    } catch (e) {
      setError(e as Error);
    }
  };

  const confirm = async (code: string): Promise<SmsConfirmResult> => {
    try {
      await block.confirm.mutateAsync({ cardId: card.id, code });
      notify.success(freeze ? t("cardSecurity.frozen") : t("cardSecurity.unfrozen"));
      onOpenChange(false);
      return { ok: true };
    } catch (e) {
      if (e instanceof ApiError && e.field === "code") return { ok: false, message: e.message };
      setError(e as Error);
      setCodeSent(false);
      return { ok: true };
    }
  };

  if (codeSent) return <SmsConfirmationForm onConfirm={confirm} onResend={send} />;
  return (
    <div>
      <p className="k-modal__text">
        {freeze ? t("cardSecurity.freezeText") : t("cardSecurity.unfreezeText")}
      </p>
      <FormError error={error} />
      <div className="k-modal__actions">
        <Button fullWidth onClick={() => void send()} disabled={block.sendCode.isPending}>
          {t("cardSecurity.sendCode")}
        </Button>
        <Button variant="ghost" fullWidth onClick={() => onOpenChange(false)}>
          {t("cardSecurity.cancel")}
        </Button>
      </div>
    </div>
  );
}
