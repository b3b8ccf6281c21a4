import { unwrap } from "@kestrel/api-client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { ConfirmModal } from "../../components/modal/ConfirmModal.tsx";
import { formatDate } from "../../lib/format/dates.ts";
import { formatMoney } from "../../lib/format/money.ts";
import {
  HISTORY_QUERY_KEY,
  type HistoryOperation,
  senderClaimOf,
} from "../../lib/history/history-queries.ts";
import { useApi } from "../../lib/session/session-context.tsx";
import { WALLETS_QUERY_KEY } from "../../lib/wallets/wallet-queries.ts";
import "../../lib/i18n/en-claim-flow.ts";

/**
 * In a send's details, when it went to someone not yet a customer: where the money stands and,
 * while it waits for them, "Cancel send" (asked once more, then the money comes back;
 * docs/send.md). After a cancel the history is read again, and the open details show the
 * server's whole row (HistoryPage.tsx): status, texts and all, never a patched copy.
 */
export function ClaimActions({ operation }: { operation: HistoryOperation }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | undefined>();
  const claim = senderClaimOf(operation);
  if (!claim) {
    const received = operation.direction === "IN" && operation.sendToPhoneModel?.claim;
    return received ? <p className="k-history__claim">{t("claimFlow.received")}</p> : null;
  }
  const date = claim.expiresAt ? formatDate(claim.expiresAt, "long") : "";

  async function cancel(id: string) {
    setBusy(true);
    setError(undefined);
    try {
      await unwrap(api.POST("/v2/claimable-transfers/{id}/cancel", { params: { path: { id } } }));
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
      // Busy until the history's new answer is in: the details never show a half-changed send.
      await queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
    } catch (err) {
      setAsking(false);
      setError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="k-history__claim">
      <p>{t(`claimFlow.details.${claim.status}`, { phone: operation.counterparty ?? "", date })}</p>
      <FormError error={error} />
      {claim.status === "HELD" ? (
        <>
          <Button variant="secondary" disabled={busy} onClick={() => setAsking(true)}>
            {busy ? t("claimFlow.cancelling") : t("claimFlow.cancel")}
          </Button>
          <ConfirmModal
            open={asking}
            onOpenChange={(open) => {
              if (!busy) setAsking(open); // the cancel under way decides when it closes
            }}
            title={t("claimFlow.confirmCancel.title")}
            text={t("claimFlow.confirmCancel.text", {
              amount: formatMoney(operation.amount, operation.currency),
              phone: operation.counterparty ?? "",
            })}
            keepLabel={t("claimFlow.confirmCancel.keep")}
            confirmLabel={busy ? t("claimFlow.cancelling") : t("claimFlow.confirmCancel.confirm")}
            onConfirm={() => void cancel(claim.id)}
            pending={busy}
          />
        </>
      ) : null}
    </div>
  );
}
