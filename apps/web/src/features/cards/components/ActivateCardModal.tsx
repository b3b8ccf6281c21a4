import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { Modal } from "../../../components/modal/Modal.tsx";
import { OtpInput } from "../../../components/OtpInput.tsx";
import { type Card, type CardProgram, useActivateCard } from "../api/cards-queries.ts";

/** Activation with the code the issuer sent (virtual) or mailed with the card (plastic). */
export function ActivateCardModal({
  card,
  program,
  onClose,
}: {
  card: Card | undefined;
  program: CardProgram;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const activate = useActivateCard(program);
  return (
    <Modal
      open={Boolean(card)}
      onOpenChange={(open) => {
        if (!open) {
          setCode("");
          activate.reset();
          onClose();
        }
      }}
      title={t("cards.activateTitle")}
    >
      <form
        className="k-cards__activate"
        onSubmit={(e) => {
          e.preventDefault();
          if (card && code.length === 6) {
            activate.mutate(
              { card, code },
              {
                onSuccess: () => {
                  setCode("");
                  onClose();
                },
              },
            );
          }
        }}
      >
        <p>{t("cards.activateHint")}</p>
        <OtpInput value={code} onChange={setCode} label={t("cards.activationCode")} type="number" autoFocus />
        <FormError error={activate.error ?? undefined} />
        <Button type="submit" fullWidth disabled={code.length !== 6 || activate.isPending}>
          {t("cards.activate")}
        </Button>
      </form>
    </Modal>
  );
}
