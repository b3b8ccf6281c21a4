import type { ReactNode } from "react";
import { Navigate, useNavigate } from "react-router";
import { MaintenanceModal } from "../../components/modal/MaintenanceModal.tsx";
import { availabilityOf, useOperationsCatalog } from "../../lib/operations/operations-catalog.ts";
import type { OperationType } from "../../lib/operations/operations-schema.ts";
import { ROUTES } from "../../lib/routes.ts";

/**
 * Guards an operation's page against an address typed or bookmarked while the operation is
 * unavailable: under maintenance the maintenance modal shows and closing it goes home; a
 * disabled operation goes home, where its entry shows why it is disabled.
 */
export function OperationRoute({ operation, children }: { operation: OperationType; children: ReactNode }) {
  const catalog = useOperationsCatalog();
  const navigate = useNavigate();
  const availability = availabilityOf(catalog.data, [operation]);

  if (availability.state === "disabled") return <Navigate to={ROUTES.home} replace />;
  return (
    <>
      {children}
      {availability.state === "maintenance" ? (
        <MaintenanceModal open onOpenChange={() => navigate(ROUTES.home, { replace: true })} />
      ) : null}
    </>
  );
}
