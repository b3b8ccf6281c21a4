import type { ReactNode } from "react";
import { Navigate, useNavigate } from "react-router";
import { MaintenanceModal } from "../../components/modal/MaintenanceModal.tsx";
import { KycRequired } from "../../components/operations/KycRequired.tsx";
import { PageSkeleton } from "../../components/skeleton/PageSkeleton.tsx";
import { useCustomerKyc } from "../../lib/kyc/use-customer-kyc.ts";
import { kycGateOf } from "../../lib/operations/kyc-gate.ts";
import { availabilityOf, useOperationsCatalog } from "../../lib/operations/operations-catalog.ts";
import type { OperationType } from "../../lib/operations/operations-schema.ts";
import { ROUTES } from "../../lib/routes.ts";

/**
 * Guards an operation's page against an address typed or bookmarked while the operation is
 * unavailable: under maintenance the maintenance modal shows and closing it goes home; a
 * disabled operation goes home, where its entry shows why it is disabled. An operation the catalog
 * permits only at KYC levels the customer lacks says so before its form (issue 31 item 6).
 */
export function OperationRoute({ operation, children }: { operation: OperationType; children: ReactNode }) {
  const catalog = useOperationsCatalog();
  const navigate = useNavigate();
  const kyc = useCustomerKyc();
  const availability = availabilityOf(catalog.data, [operation]);
  const entry = catalog.data?.find((e) => e.operationType === operation);
  const lacking = kycGateOf(entry, kyc.data);

  if (availability.state === "disabled") return <Navigate to={ROUTES.home} replace />;
  // Not known yet: wait rather than show a form that may not be for this customer. A failed read
  // shows the page (the server still holds every call to the catalog's rule).
  if (kyc.isPending && kyc.fetchStatus !== "idle") return <PageSkeleton />;
  if (lacking) return <KycRequired reason={lacking} />;
  return (
    <>
      {children}
      {availability.state === "maintenance" ? (
        <MaintenanceModal
          open
          operation={availability.operation}
          onOpenChange={() => navigate(ROUTES.home, { replace: true })}
        />
      ) : null}
    </>
  );
}
