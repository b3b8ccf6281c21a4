import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Modal } from "../../../components/modal/Modal.tsx";
import { OperationEntryButton } from "../../../components/operations/OperationEntryButton.tsx";
import { ROUTES } from "../../../lib/routes.ts";
import { ActionIcon } from "./ActionIcon.tsx";

/** Spec §2 Add funds: 'Via bank card' (card pay-in) or 'Via other crypto wallets' (crypto pay-in). */
export function AddFundsModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = () => onOpenChange(false);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("addFunds.title")}>
      <div className="k-option-list">
        <OperationEntryButton
          operations={["PAYIN_CARD"]}
          label={t("addFunds.viaBankCard")}
          icon={<ActionIcon name="card" />}
          onEnter={() => navigate(ROUTES.topUpCard)}
          onBlocked={close}
        />
        <OperationEntryButton
          operations={["PAYIN_CRYPTO"]}
          label={t("addFunds.viaCryptoWallets")}
          icon={<ActionIcon name="wallet" />}
          onEnter={() => navigate(ROUTES.topUpReceive)}
          onBlocked={close}
        />
      </div>
    </Modal>
  );
}
