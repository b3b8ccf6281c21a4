import { useTranslation } from "react-i18next";
import { isBuilt } from "../../lib/operations/built-operations.ts";
import { availabilityOf, useOperationsCatalog } from "../../lib/operations/operations-catalog.ts";
import type { OperationStatus, OperationType } from "../../lib/operations/operations-schema.ts";
import { useMaintenanceModal } from "./maintenance-context.tsx";

export interface OperationGate {
  /** soon: the feature is not built yet (lib/operations/built-operations.ts). */
  state: "available" | "maintenance" | "disabled" | "soon";
  /** False when the merchant does not offer any of the operations: its entry is left out. */
  offered: boolean;
  /** Why the entry is disabled (or coming soon), in the customer's words; undefined otherwise. */
  disabledReason: string | undefined;
  /**
   * Runs `proceed` if the operation may start; under maintenance opens the maintenance modal
   * instead (spec §2). Returns whether `proceed` ran.
   */
  enter: (proceed: () => void) => boolean;
}

/**
 * Whether the merchant offers any of the operations: a loaded catalog that lists none of them
 * means it does not (no row, or switched off by its feature flags: spec §3 card pay-in and
 * payout), unlike DISABLED or MAINTENANCE, which are listed with their reason. Until the catalog
 * has loaded (or when it failed) everything counts as offered, as availabilityOf does.
 */
export function isOffered(
  catalog: readonly OperationStatus[] | undefined,
  types: readonly OperationType[],
): boolean {
  return catalog === undefined || types.some((type) => catalog.some((e) => e.operationType === type));
}

/** What every operation entry point consults before it starts an operation. */
export function useOperationGate(types: readonly OperationType[]): OperationGate {
  const { t } = useTranslation();
  const catalog = useOperationsCatalog();
  const maintenance = useMaintenanceModal();
  const availability = availabilityOf(catalog.data, types);
  if (!isBuilt(types)) {
    // Not built yet: shown as coming soon (the spec lists it as an option), whatever the catalog.
    return { state: "soon", offered: true, disabledReason: t("operations.comingSoon"), enter: () => false };
  }

  return {
    state: availability.state,
    offered: isOffered(catalog.data, types),
    disabledReason:
      availability.state === "disabled" ? t(`operations.reason.${availability.reason}`) : undefined,
    enter(proceed) {
      if (availability.state === "maintenance") {
        maintenance.open(availability.operation);
        return false;
      }
      if (availability.state === "disabled") return false;
      proceed();
      return true;
    },
  };
}
