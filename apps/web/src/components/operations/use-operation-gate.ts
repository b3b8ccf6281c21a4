import { useTranslation } from "react-i18next";
import { isBuilt } from "../../lib/operations/built-operations.ts";
import { availabilityOf, useOperationsCatalog } from "../../lib/operations/operations-catalog.ts";
import type { OperationType } from "../../lib/operations/operations-schema.ts";
import { useMaintenanceModal } from "./maintenance-context.tsx";

export interface OperationGate {
  /** soon: the feature is not built yet (lib/operations/built-operations.ts). */
  state: "available" | "maintenance" | "disabled" | "soon";
  /** Why the entry is disabled (or coming soon), in the customer's words; undefined otherwise. */
  disabledReason: string | undefined;
  /**
   * Runs `proceed` if the operation may start; under maintenance opens the maintenance modal
   * instead (spec §2). Returns whether `proceed` ran.
   */
  enter: (proceed: () => void) => boolean;
}

/** What every operation entry point consults before it starts an operation. */
export function useOperationGate(types: readonly OperationType[]): OperationGate {
  const { t } = useTranslation();
  const catalog = useOperationsCatalog();
  const maintenance = useMaintenanceModal();
  const availability = availabilityOf(catalog.data, types);
  if (!isBuilt(types)) {
    return { state: "soon", disabledReason: t("operations.comingSoon"), enter: () => false };
  }

  return {
    state: availability.state,
    disabledReason:
      availability.state === "disabled" ? t(`operations.reason.${availability.reason}`) : undefined,
    enter(proceed) {
      if (availability.state === "maintenance") {
        maintenance.open();
        return false;
      }
      if (availability.state === "disabled") return false;
      proceed();
      return true;
    },
  };
}
