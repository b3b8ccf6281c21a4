import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { formatDate } from "../../lib/format/dates.ts";
import {
  HISTORY_QUERY_KEY,
  type HistoryOperation,
  senderClaimOf,
} from "../../lib/history/history-queries.ts";
import { unwrap } from "../../lib/session/api-result.ts";
import { useApi } from "../../lib/session/session-context.tsx";
import { WALLETS_QUERY_KEY } from "../../lib/wallets/wallet-queries.ts";
import "../../lib/i18n/en-claim-flow.ts";

/**
 * In a send's details, when it went to someone not yet a customer: where the money stands and,
 * while it waits for them, "Cancel send" (the money comes back; docs/send.md).
 */
export function ClaimActions({
  operation,
  onChanged,
}: {
  operation: HistoryOperation;
  /** The operation as it stands after a cancel (the details show it at once). */
  onChanged: (operation: HistoryOperation) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
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
      const after = await unwrap(
        api.POST("/v2/claimable-transfers/{id}/cancel", { params: { path: { id } } }),
      );
      void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY });
      const model = operation.sendToPhoneModel;
      if (model?.claim) {
        const claimNow = { ...model.claim, status: after.status, updatedAt: after.updatedAt };
        onChanged({ ...operation, status: "FAILED", sendToPhoneModel: { ...model, claim: claimNow } });
      }
    } catch (err) {
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
        <Button variant="secondary" disabled={busy} onClick={() => void cancel(claim.id)}>
          {busy ? t("claimFlow.cancelling") : t("claimFlow.cancel")}
        </Button>
      ) : null}
    </div>
  );
}
