import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { MaintenanceModal } from "../modal/MaintenanceModal.tsx";

interface MaintenanceApi {
  /** Opens the modal naming the paused operation (a catalog operation type). */
  open: (operation?: string) => void;
}

const MaintenanceContext = createContext<MaintenanceApi | null>(null);

/**
 * One maintenance modal for the whole app. An entry point inside another modal (the Add funds
 * options) closes that modal when it opens this one, so the modal must not live inside it.
 */
export function MaintenanceProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [operation, setOperation] = useState<string | undefined>();
  const api = useMemo(
    () => ({
      open: (paused?: string) => {
        setOperation(paused);
        setOpen(true);
      },
    }),
    [],
  );
  return (
    <MaintenanceContext value={api}>
      {children}
      <MaintenanceModal open={open} onOpenChange={setOpen} operation={operation} />
    </MaintenanceContext>
  );
}

export function useMaintenanceModal(): MaintenanceApi {
  const api = useContext(MaintenanceContext);
  if (!api) throw new Error("useMaintenanceModal must be used inside MaintenanceProvider");
  return api;
}
