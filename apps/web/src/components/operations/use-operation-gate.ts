import { useTranslation } from "react-i18next";
import { availabilityOf, useOperationsCatalog } from "../../lib/operations/operations-catalog.ts";
import type { OperationType } from "../../lib/operations/operations-schema.ts";
import { useMaintenanceModal } from "./maintenance-context.tsx";

export interface OperationGate {
  state: "available" | "maintenance" | "disabled";
  /** Why the entry is disabled, in the customer's words; undefined unless disabled. */
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
