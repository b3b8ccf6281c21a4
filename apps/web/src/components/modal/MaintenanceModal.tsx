import { useTranslation } from "react-i18next";
import { InfoModal } from "./InfoModal.tsx";

/** Opened instead of an operation the catalog marks MAINTENANCE (spec §2). */
export function MaintenanceModal(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <InfoModal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("modal.maintenance.title")}
      actionText={t("modal.maintenance.button")}
    />
  );
}
