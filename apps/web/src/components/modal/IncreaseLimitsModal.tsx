import { useTranslation } from "react-i18next";
import { InfoModal } from "./InfoModal.tsx";

/** Shown when verification can only continue in the mobile app (spec §4, verification rule). */
export function IncreaseLimitsModal(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <InfoModal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("modal.increaseLimits.title")}
      actionText={t("modal.increaseLimits.button")}
    >
      {t("modal.increaseLimits.message")}
    </InfoModal>
  );
}
