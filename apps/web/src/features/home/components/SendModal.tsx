import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Modal } from "../../../components/modal/Modal.tsx";
import { OperationEntryButton } from "../../../components/operations/OperationEntryButton.tsx";
import { ROUTES } from "../../../lib/routes.ts";
import { ActionIcon } from "./ActionIcon.tsx";

/** Spec §2 Send: by phone number (transfer by mobile) or to a wallet address (crypto payout). */
export function SendModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = () => onOpenChange(false);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("send.title")}>
      <div className="k-option-list">
        <OperationEntryButton
          operations={["TRANSFER_MOBILE"]}
          label={t("send.viaPhone")}
          hint={t("send.viaPhoneHint")}
          icon={<ActionIcon name="phone" />}
          onEnter={() => navigate(ROUTES.sendPhone)}
          onBlocked={close}
        />
        <OperationEntryButton
          operations={["PAYOUT_CRYPTO"]}
          label={t("send.toWallet")}
          icon={<ActionIcon name="wallet" />}
          onEnter={() => navigate(ROUTES.sendWallet)}
          onBlocked={close}
        />
      </div>
    </Modal>
  );
}
