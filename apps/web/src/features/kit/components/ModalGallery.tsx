import { formatAmount } from "@kestrel/money";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/Button.tsx";
import { CancelOrderModal } from "../../../components/modal/CancelOrderModal.tsx";
import { ErrorModal } from "../../../components/modal/ErrorModal.tsx";
import { IncreaseLimitsModal } from "../../../components/modal/IncreaseLimitsModal.tsx";
import { InfoModal } from "../../../components/modal/InfoModal.tsx";
import { PendingModal } from "../../../components/modal/PendingModal.tsx";
import {
  SmsConfirmationModal,
  type SmsConfirmResult,
} from "../../../components/modal/SmsConfirmationModal.tsx";
import { SuccessModal } from "../../../components/modal/SuccessModal.tsx";
import { SupportModal } from "../../../components/modal/SupportModal.tsx";
import { TermsModal } from "../../../components/modal/TermsModal.tsx";
import { useMaintenanceModal } from "../../../components/operations/maintenance-context.tsx";
import { useMerchantDocuments } from "../../../lib/config-service/queries.ts";
import { formatDate } from "../../../lib/format/dates.ts";
import { useNotify } from "../../../lib/notifications/notifications-context.tsx";
import { KIT_PATH } from "../kit-path.ts";
import "../kit.css";

// A page for testers, reachable only in sandbox mode: its own labels are plain English on purpose
// (they are not customer texts, so no merchant overrides them); the modals show their real texts.

/** The code the gallery's SMS modal accepts; any other shows the wrong-code behaviour. */
const GALLERY_SMS_CODE = "1234";

type ModalKey =
  | "success"
  | "pending"
  | "error"
  | "info"
  | "increaseLimits"
  | "support"
  | "terms"
  | "cancelOrder"
  | "sms";

const BUTTONS: ReadonlyArray<{ key: ModalKey | "maintenance"; label: string }> = [
  { key: "success", label: "Open success modal" },
  { key: "pending", label: "Open pending modal" },
  { key: "error", label: "Open error modal" },
  { key: "info", label: "Open info modal" },
  { key: "maintenance", label: "Open maintenance modal" },
  { key: "increaseLimits", label: "Open increase limits modal" },
  { key: "support", label: "Open support modal" },
  { key: "terms", label: "Open terms modal" },
  { key: "cancelOrder", label: "Open cancel order modal" },
  { key: "sms", label: "Open SMS confirmation modal" },
];

export function ModalGallery() {
  const [open, setOpen] = useState<ModalKey | null>(null);
  const maintenance = useMaintenanceModal();
  const notify = useNotify();
  const terms = useMerchantDocuments().data?.[0];
  const modalsHeading = useId();
  const bannerHeading = useId();
  const routeHeading = useId();

  const openChange = (key: ModalKey) => (next: boolean) => setOpen(next ? key : null);
  const close = () => setOpen(null);
  const confirmSms = (code: string): SmsConfirmResult => {
    if (code !== GALLERY_SMS_CODE) return { ok: false };
    close();
    return { ok: true };
  };

  return (
    <div className="k-kit">
      <section className="k-surface k-kit__section" aria-labelledby={modalsHeading}>
        <h1 className="k-page-title">Component gallery</h1>
        <h2 id={modalsHeading} className="k-kit__subtitle">
          Modals
        </h2>
        <ul className="k-kit__buttons">
          {BUTTONS.map(({ key, label }) => (
            <li key={key}>
              <Button
                variant="secondary"
                fullWidth
                disabled={key === "terms" && !terms}
                onClick={() => (key === "maintenance" ? maintenance.open() : setOpen(key))}
              >
                {label}
              </Button>
            </li>
          ))}
        </ul>
        <p className="k-kit__note">The SMS confirmation modal here accepts the code {GALLERY_SMS_CODE}.</p>
      </section>

      <section className="k-surface k-kit__section" aria-labelledby={bannerHeading}>
        <h2 id={bannerHeading} className="k-kit__subtitle">
          Top banner
        </h2>
        <ul className="k-kit__buttons">
          <li>
            <Button fullWidth onClick={() => notify.success()}>
              Show success banner
            </Button>
          </li>
          <li>
            <Button fullWidth onClick={() => notify.error()}>
              Show error banner
            </Button>
          </li>
        </ul>
      </section>

      <section className="k-surface k-kit__section" aria-labelledby={routeHeading}>
        <h2 id={routeHeading} className="k-kit__subtitle">
          Route change
        </h2>
        <p className="k-kit__note">
          Modals close on any route change. Open this page at another address, open a modal, then use the
          browser's back button.
        </p>
        <p>
          <Link className="k-link" to={`${KIT_PATH}?visit=2`}>
            Open the gallery at another address
          </Link>
        </p>
      </section>

      <SuccessModal
        open={open === "success"}
        onOpenChange={openChange("success")}
        date={formatDate(new Date(), "long")}
        title="Success"
        details="Sample details of the operation"
        value={formatAmount(12_345n, "EUR")}
        description="A sample description under the amount."
      />
      <PendingModal
        open={open === "pending"}
        onOpenChange={openChange("pending")}
        description="A sample operation that has not finished yet."
      />
      <ErrorModal open={open === "error"} onOpenChange={openChange("error")} />
      <InfoModal open={open === "info"} onOpenChange={openChange("info")} title="Info" actionText="OK">
        A sample piece of information.
      </InfoModal>
      <IncreaseLimitsModal open={open === "increaseLimits"} onOpenChange={openChange("increaseLimits")} />
      <SupportModal open={open === "support"} onOpenChange={openChange("support")} />
      {terms ? (
        <TermsModal
          open={open === "terms"}
          onOpenChange={openChange("terms")}
          document={terms}
          onAgree={close}
        />
      ) : null}
      <CancelOrderModal
        open={open === "cancelOrder"}
        onOpenChange={openChange("cancelOrder")}
        onConfirmCancel={close}
      />
      <SmsConfirmationModal
        open={open === "sms"}
        onOpenChange={openChange("sms")}
        onConfirm={confirmSms}
        onResend={() => undefined}
      />
    </div>
  );
}
