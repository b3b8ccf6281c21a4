import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format/dates.ts";
import { formatMoney } from "../../lib/format/money.ts";
import {
  type HistoryOperation,
  operationLabelKey,
  operationStatusKey,
  senderClaimOf,
} from "../../lib/history/history-queries.ts";
import "../../lib/i18n/en-claims.ts";
import "./history-list.css";

function amountClass(op: HistoryOperation) {
  if (op.status === "FAILED") return "k-history__struck";
  return op.direction === "IN" ? "k-history__in" : undefined;
}

/** The operations, newest first; each row opens its details. */
export function HistoryList({
  operations,
  onOpen,
}: {
  operations: readonly HistoryOperation[];
  onOpen: (operation: HistoryOperation) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="k-history__list">
      {operations.map((op) => {
        const date = op.operationDate || op.createdAt;
        const sign = op.direction === "OUT" ? "−" : "+";
        return (
          <li key={op.operationId}>
            <button type="button" className="k-history__row" onClick={() => onOpen(op)}>
              <span className="k-history__main">
                <strong>{t(operationLabelKey(op))}</strong>
                <span className="k-history__muted k-history__meta">
                  {op.counterparty ? (
                    <span className="k-history__counterparty">{`${op.counterparty} ·`}</span>
                  ) : null}
                  {/* A sentence for the customer: it wraps, where an address gives way. */}
                  {op.adjustmentModel ? <span>{`${op.adjustmentModel.description} ·`}</span> : null}
                  {op.exchangeModel ? (
                    <span className="k-history__counterparty">{`→ ${formatMoney(op.exchangeModel.creditAmount.value, op.exchangeModel.creditAmount.currency)} ·`}</span>
                  ) : null}
                  <span className="k-history__date">{`${formatDate(date, "dotted")} ${formatDate(date, "time")}`}</span>
                </span>
                {op.pendingReason ? (
                  <span className="k-history__muted k-history__pending">{`${op.pendingReason} ${op.expectedTime ?? ""}`}</span>
                ) : null}
              </span>
              <span className="k-history__side">
                {/* A failed operation (a send that came back too) moved nothing: its amount is
                    struck through, as the card's history shows a declined one, and says so aloud. */}
                <strong className={amountClass(op)}>
                  {`${sign}${formatMoney(op.amount, op.currency)}`}
                  {op.status === "FAILED" ? (
                    <span className="visually-hidden">
                      {` ${t(senderClaimOf(op) ? "claims.amountNote" : "historyAmount.notMoved")}`}
                    </span>
                  ) : null}
                </strong>
                <span className={`k-history__status k-history__status--${op.status.toLowerCase()}`}>
                  {t(operationStatusKey(op))}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
