import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { featureName } from "../../lib/operations/feature-name.ts";
import { ROUTES } from "../../lib/routes.ts";
import { InfoModal } from "./InfoModal.tsx";

/**
 * Opened instead of an operation the catalog marks MAINTENANCE (spec §2): the spec's title and
 * button, then which feature is paused, in the customer's words, and what to do meanwhile.
 */
export function MaintenanceModal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The paused operation (a catalog operation type); without it the modal says "this feature". */
  operation?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <InfoModal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("modal.maintenance.title")}
      actionText={t("modal.maintenance.button")}
    >
      <p>
        {props.operation
          ? t("modal.maintenance.paused", { feature: featureName(t, props.operation) })
          : t("modal.maintenance.pausedUnnamed")}
      </p>
      <p>{t("modal.maintenance.whatToDo")}</p>
      <p>
        {/* The modal closes itself on the route change. */}
        <Link className="k-link" to={ROUTES.status}>
          {t("modal.maintenance.statusLink")}
        </Link>
      </p>
    </InfoModal>
  );
}
