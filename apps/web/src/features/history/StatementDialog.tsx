import { ApiError } from "@kestrel/api-client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Modal } from "../../components/modal/Modal.tsx";
import { TextField } from "../../components/TextField.tsx";
import { useApi } from "../../lib/session/session-context.tsx";
import "../../lib/i18n/en-statements.ts";
import { downloadStatement, monthRange } from "./history-files.ts";

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The statement of every account for a month or a range of days, as PDF or CSV. */
export function StatementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [byMonth, setByMonth] = useState(true);
  const [month, setMonth] = useState(thisMonth);
  const [range, setRange] = useState(() => monthRange(thisMonth()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | undefined>();
  const fieldError = (field: string) =>
    error instanceof ApiError && error.field === field ? error.message : undefined;

  async function download(format: "pdf" | "csv") {
    setBusy(true);
    setError(undefined);
    try {
      await downloadStatement(api, { ...(byMonth ? monthRange(month) : range), format });
    } catch (err) {
      setError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setBusy(false);
    }
  }

  // A refusal naming a field shown here goes under it; anything else above the buttons.
  const inField = !byMonth && (fieldError("from") || fieldError("to"));
  return (
    <Modal open={open} onOpenChange={(o) => (o ? undefined : onClose())} title={t("statements.title")}>
      <div className="k-statement">
        <p className="k-history__muted">{t("statements.intro")}</p>
        <div className="k-statement__modes">
          <Button
            variant={byMonth ? "primary" : "secondary"}
            aria-pressed={byMonth}
            onClick={() => setByMonth(true)}
          >
            {t("statements.byMonth")}
          </Button>
          <Button
            variant={byMonth ? "secondary" : "primary"}
            aria-pressed={!byMonth}
            onClick={() => setByMonth(false)}
          >
            {t("statements.byRange")}
          </Button>
        </div>
        {byMonth ? (
          <TextField
            label={t("statements.month")}
            type="month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          />
        ) : (
          <>
            <TextField
              label={t("statements.from")}
              type="date"
              value={range.from}
              error={fieldError("from")}
              onChange={(e) => setRange({ ...range, from: e.target.value })}
            />
            <TextField
              label={t("statements.to")}
              type="date"
              value={range.to}
              error={fieldError("to")}
              onChange={(e) => setRange({ ...range, to: e.target.value })}
            />
          </>
        )}
        <FormError error={inField ? undefined : error} />
        <div className="k-statement__actions">
          <Button disabled={busy} onClick={() => void download("pdf")}>
            {busy ? t("statements.downloading") : t("statements.pdf")}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => void download("csv")}>
            {t("statements.csv")}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
