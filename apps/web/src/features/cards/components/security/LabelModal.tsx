import { ApiError } from "@kestrel/api-client";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../../components/Button.tsx";
import { FormError } from "../../../../components/FormError.tsx";
import { Modal } from "../../../../components/modal/Modal.tsx";
import { TextField } from "../../../../components/TextField.tsx";
import { sanitizeFreeText } from "../../../../lib/format/sanitize-free-text.ts";
import { useSetLabel } from "../../api/card-security-queries.ts";
import type { CardModalProps } from "./CardSecurityActions.tsx";
import "./card-security.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../../lib/i18n/en-card-security.ts";

const LABEL_MAX = 30;

/** The customer's own name for a card (spec §5's free-text rule, up to 30 characters). */
export function LabelModal(props: CardModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} title={t("cardSecurity.labelTitle")}>
      <LabelForm {...props} />
    </Modal>
  );
}

function LabelForm({ card, program, onOpenChange }: CardModalProps) {
  const { t } = useTranslation();
  const save = useSetLabel(program);
  const [label, setLabel] = useState(card.label ?? "");
  const fieldError =
    save.error instanceof ApiError && save.error.field === "label" ? save.error.message : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ cardId: card.id, label: label.trim() }, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <form className="k-card-security__form" onSubmit={submit} noValidate>
      <TextField
        label={t("cardSecurity.label")}
        hint={t("cardSecurity.labelHint")}
        error={fieldError}
        maxLength={LABEL_MAX}
        value={label}
        onChange={(e) => setLabel(sanitizeFreeText(e.target.value).slice(0, LABEL_MAX))}
        autoFocus
      />
      <FormError error={fieldError ? undefined : (save.error ?? undefined)} />
      <Button type="submit" fullWidth disabled={save.isPending}>
        {t("cardSecurity.labelSave")}
      </Button>
    </form>
  );
}
