import { Navigate } from "react-router";
import { Spinner } from "../../components/Spinner.tsx";
import { ROUTES } from "../../lib/routes.ts";
import { useSandboxMode } from "./api/sandbox-status.ts";
import { ModalGallery } from "./components/ModalGallery.tsx";

/**
 * `/_app`: every modal of the kit and the top banner, for screenshots, accessibility checks and
 * browser tests. It exists only in sandbox mode; elsewhere the address behaves like any unknown
 * one (it goes home).
 */
export function KitPage() {
  const sandbox = useSandboxMode();
  if (sandbox.isPending) return <Spinner size={60} />;
  if (!sandbox.data) return <Navigate to={ROUTES.home} replace />;
  return <ModalGallery />;
}

export { KIT_PATH } from "./kit-path.ts";
