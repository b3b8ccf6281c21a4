import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Modal } from "../../../components/modal/Modal.tsx";
import { OperationEntryButton } from "../../../components/operations/OperationEntryButton.tsx";
import { ROUTES } from "../../../lib/routes.ts";
import type { CardProgram } from "../api/cards-queries.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-card-funding.ts";

/** Where the crypto top-up of a card starts: /cards/top-up/crypto?card=<id>&cp=<program>. */
const topUpLink = (cardId: string, program: CardProgram) =>
  `${ROUTES.cardsTopUpCrypto}?${new URLSearchParams({ card: cardId, cp: program })}`;

/**
 * Spec §2 card top-up: 'Via crypto wallets' leads to /cards/top-up/crypto (through the operations
 * catalog, CARD_TOPUP_CRYPTO); 'Via bank account' is shown as coming soon and is disabled.
 */
export function CardTopUpModal({
  card,
  program,
  onClose,
}: {
  card: { id: string } | undefined;
  program: CardProgram;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const soonId = useId();
  return (
    <Modal
      open={card !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("cardFunding.modalTitle")}
    >
      <div className="k-option-list">
        <OperationEntryButton
          operations={["CARD_TOPUP_CRYPTO"]}
          label={t("cardFunding.viaCryptoWallets")}
          hint={t("cardFunding.viaCryptoHint")}
          onEnter={() => (card ? navigate(topUpLink(card.id, program)) : undefined)}
          onBlocked={onClose}
        />
        <div className="k-entry">
          <button type="button" className="k-entry__button" disabled aria-describedby={soonId}>
            <span className="k-entry__text">
              <span className="k-entry__label">{t("cardFunding.viaBankAccount")}</span>
            </span>
          </button>
          <span id={soonId} className="k-entry__reason">
            {t("cardFunding.comingSoon")}
          </span>
        </div>
      </div>
    </Modal>
  );
}
