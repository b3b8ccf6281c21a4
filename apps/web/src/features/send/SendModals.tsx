import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ErrorModal } from "../../components/modal/ErrorModal.tsx";
import { PendingModal } from "../../components/modal/PendingModal.tsx";
import { SmsConfirmationModal } from "../../components/modal/SmsConfirmationModal.tsx";
import { SuccessModal } from "../../components/modal/SuccessModal.tsx";
import { formatDate } from "../../lib/format/dates.ts";
import { formatMoney } from "../../lib/format/money.ts";
import { ROUTES } from "../../lib/routes.ts";
import "../../lib/i18n/en-claim-flow.ts";
import type { SendResult } from "./api/send-calls.ts";
import type { useSendFlow } from "./use-send-flow.ts";

function ResultDetails({ result }: { result: SendResult }) {
  const { t } = useTranslation();
  return (
    <dl className="k-send__details">
      <dt>{t("sendForm.recipient")}</dt>
      <dd>{result.recipient}</dd>
      <dt>{t("sendForm.fee")}</dt>
      <dd>{formatMoney(result.fee, result.currency)}</dd>
    </dl>
  );
}

/** The SMS, success, pending and error modals of a send. */
export function SendModals({ flow }: { flow: ReturnType<typeof useSendFlow> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = flow;
  const onOpenChange = (open: boolean) => {
    if (!open) flow.close();
  };
  const result = modal.kind === "done" ? modal.result : undefined;
  const common = result
    ? {
        date: `${formatDate(result.createdAt, "long")}, ${formatDate(result.createdAt, "time")}`,
        value: formatMoney(result.amount, result.currency),
        details: <ResultDetails result={result} />,
        buttonText: t("sendForm.toHistory"),
        onDone: () => navigate(ROUTES.history),
      }
    : undefined;
  return (
    <>
      <SmsConfirmationModal
        open={modal.kind === "sms"}
        onOpenChange={onOpenChange}
        onConfirm={flow.confirmCode}
        onResend={flow.resendCode}
      />
      {common && result?.claim ? (
        <PendingModal
          open
          onOpenChange={onOpenChange}
          {...common}
          title={t("claimFlow.sentTitle")}
          description={t("claimFlow.sentDescription", { date: formatDate(result.claim.expiresAt, "long") })}
        />
      ) : null}
      {common && result?.status === "PENDING" && !result.claim ? (
        <PendingModal
          open
          onOpenChange={onOpenChange}
          {...common}
          description={t("sendForm.pendingDescription")}
        />
      ) : null}
      {common && result?.status === "COMPLETED" ? (
        <SuccessModal open onOpenChange={onOpenChange} title={t("sendForm.successTitle")} {...common} />
      ) : null}
      <ErrorModal
        open={modal.kind === "error"}
        onOpenChange={onOpenChange}
        message={modal.kind === "error" ? modal.message : undefined}
        onRetry={() => {
          flow.close();
          flow.retry();
        }}
      />
    </>
  );
}
