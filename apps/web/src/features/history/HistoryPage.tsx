import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { HistoryList } from "../../components/history/HistoryList.tsx";
import { OperationDetailsModal } from "../../components/history/OperationDetailsModal.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import {
  HISTORY_TYPES,
  type HistoryFilters,
  type HistoryOperation,
  useHistory,
} from "../../lib/history/history-queries.ts";
import { useWallets } from "../../lib/wallets/wallet-queries.ts";
import { buildHistoryCsv, downloadCsv } from "./history-csv.ts";
import { ReceiptButton } from "./ReceiptButton.tsx";
import { StatementDialog } from "./StatementDialog.tsx";
import "./history.css";

// Only a send to someone not yet a customer needs it, and only once its details open.
const ClaimActions = lazy(() => import("./ClaimActions.tsx").then((m) => ({ default: m.ClaimActions })));

/** /history: every operation, newest first, filtered by type and currency, paged, exportable. */
export function HistoryPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<HistoryFilters>({ type: "", currency: "" });
  const [opened, setOpened] = useState<HistoryOperation | undefined>();
  const [statementOpen, setStatementOpen] = useState(false);
  const history = useHistory(filters);
  const currencies = (useWallets().data?.wallets ?? []).map((wallet) => wallet.currency);
  const pages = history.data?.pages ?? [];
  const operations = pages.flatMap((page) => page.operations);
  const total = pages[0]?.total ?? 0;
  // The open details follow the list's latest answer for that operation (a cancel re-reads it),
  // so everything they show is the server's one row; the row as clicked if the list lost it.
  const open = opened && (operations.find((o) => o.operationId === opened.operationId) ?? opened);

  return (
    <section className="k-surface k-history">
      <h1 className="k-page-title">{t("pages.history")}</h1>
      <div className="k-history__filters">
        <SelectField
          label={t("history.type")}
          value={filters.type}
          onChange={(e) => setFilters({ ...filters, type: e.target.value as HistoryFilters["type"] })}
        >
          <option value="">{t("history.all")}</option>
          {HISTORY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`words.operationType.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("history.currency")}
          value={filters.currency}
          onChange={(e) => setFilters({ ...filters, currency: e.target.value })}
        >
          <option value="">{t("history.all")}</option>
          {currencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </SelectField>
        <div className="k-history__buttons">
          <Button
            variant="secondary"
            disabled={operations.length === 0}
            onClick={() => downloadCsv(buildHistoryCsv(operations), "history.csv")}
          >
            {t("history.exportCsv")}
          </Button>
          <Button variant="secondary" onClick={() => setStatementOpen(true)}>
            {t("statements.open")}
          </Button>
        </div>
      </div>
      {history.isPending ? <RowsSkeleton rows={5} /> : null}
      {history.isError && operations.length === 0 ? (
        <div role="alert" className="k-history__error">
          <p>{t("history.loadError")}</p>
          <p className="k-history__muted">{history.error.message}</p>
          <Button variant="secondary" onClick={() => void history.refetch()}>
            {t("history.retry")}
          </Button>
        </div>
      ) : null}
      {history.isSuccess && operations.length === 0 ? <p>{t("history.empty")}</p> : null}
      {operations.length > 0 ? (
        <>
          <HistoryList operations={operations} onOpen={setOpened} />
          <p className="k-history__muted">{t("history.shown", { shown: operations.length, total })}</p>
          {history.hasNextPage ? (
            <Button
              variant="secondary"
              disabled={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {t("history.loadMore")}
            </Button>
          ) : null}
        </>
      ) : null}
      <OperationDetailsModal
        operation={open}
        onClose={() => setOpened(undefined)}
        actions={(operation) => (
          <>
            {operation.sendToPhoneModel?.claim ? (
              <Suspense fallback={null}>
                <ClaimActions operation={operation} />
              </Suspense>
            ) : null}
            <ReceiptButton operationId={operation.operationId} />
          </>
        )}
      />
      <StatementDialog open={statementOpen} onClose={() => setStatementOpen(false)} />
    </section>
  );
}
