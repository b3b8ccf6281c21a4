import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { useApi } from "../../lib/session/session-context.tsx";
import "../../lib/i18n/en-statements.ts";
import { downloadReceipt } from "./history-files.ts";

/** "Download receipt" in an operation's details: its PDF, fetched with the session's token. */
export function ReceiptButton({ operationId }: { operationId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | undefined>();
  async function download() {
    setBusy(true);
    setError(undefined);
    try {
      await downloadReceipt(api, operationId);
    } catch (err) {
      setError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="k-history__receipt">
      <FormError error={error} />
      <Button variant="secondary" disabled={busy} onClick={() => void download()}>
        {busy ? t("statements.downloading") : t("statements.receipt")}
      </Button>
    </div>
  );
}
