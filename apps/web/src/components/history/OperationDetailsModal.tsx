import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format/dates.ts";
import { formatMoney } from "../../lib/format/money.ts";
import { displayRate } from "../../lib/format/rate.ts";
import {
  cardPaymentDetails,
  type HistoryOperation,
  operationLabelKey,
  operationStatusKey,
} from "../../lib/history/history-queries.ts";
import { Modal } from "../modal/Modal.tsx";
import "../../lib/i18n/en-claims.ts";
import "./history-list.css";

const when = (value: string) => `${formatDate(value, "long")}, ${formatDate(value, "time")}`;

/** Everything the history knows about one operation; `actions` (a receipt's download) below. */
export function OperationDetailsModal({
  operation,
  onClose,
  actions,
}: {
  operation: HistoryOperation | undefined;
  onClose: () => void;
  actions?: (operation: HistoryOperation) => ReactNode;
}) {
  const { t } = useTranslation();
  const chain = operation?.receiveCryptoModel ?? operation?.sendToWalletModel;
  const exchange = operation?.exchangeModel;
  const card = operation ? cardPaymentDetails(operation) : undefined;
  const rate = exchange?.exchangeRate ?? card?.rate;
  return (
    <Modal
      open={operation !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={operation ? t(operationLabelKey(operation)) : t("history.details")}
    >
      {operation ? (
        <dl className="k-history__details">
          <dt>{t("history.amount")}</dt>
          <dd>{formatMoney(operation.amount, operation.currency)}</dd>
          <dt>{t("history.fee")}</dt>
          <dd>
            {/* A card payment's fee is taken in what it debits (a pay-in's: the card's currency). */}
            {card
              ? formatMoney(card.fee.value, card.fee.currency)
              : formatMoney(operation.fee, operation.currency)}
          </dd>
          <dt>{t("history.status")}</dt>
          <dd>{t(operationStatusKey(operation))}</dd>
          {/* While it waits, the server's texts (history/pending-texts.ts): the receipt says the same. */}
          {operation.pendingReason ? (
            <>
              <dt>{t("history.pendingReason")}</dt>
              <dd>{operation.pendingReason}</dd>
              <dt>{t("history.nextStep")}</dt>
              <dd>{operation.nextStep}</dd>
              <dt>{t("history.expectedTime")}</dt>
              <dd>{operation.expectedTime}</dd>
            </>
          ) : null}
          <dt>{t("history.date")}</dt>
          <dd>{when(operation.operationDate || operation.createdAt)}</dd>
          {card ? (
            <>
              <dt>{t("history.card")}</dt>
              <dd>{card.card}</dd>
              {/* The wallet's side is the amount above; this is the card's side. */}
              {card.kind === "PAYIN_CARD" ? (
                <>
                  <dt>{t("history.cardCharged")}</dt>
                  <dd>{formatMoney(card.debited.value, card.debited.currency)}</dd>
                </>
              ) : (
                <>
                  <dt>{t("history.cardReceives")}</dt>
                  <dd>{formatMoney(card.credited.value, card.credited.currency)}</dd>
                </>
              )}
            </>
          ) : null}
          {exchange ? (
            <>
              <dt>{t("history.exchangedTo")}</dt>
              <dd>{formatMoney(exchange.creditAmount.value, exchange.creditAmount.currency)}</dd>
            </>
          ) : null}
          {rate ? (
            <>
              <dt>{t("history.rate")}</dt>
              <dd>{`1 ${rate.sourceCurrency} = ${displayRate(rate.rate)} ${rate.targetCurrency}`}</dd>
            </>
          ) : null}
          {operation.adjustmentModel ? (
            <>
              <dt>{t("history.adjustmentReason")}</dt>
              <dd>{operation.adjustmentModel.description}</dd>
            </>
          ) : null}
          {card?.failureReason ? (
            <>
              <dt>{t("history.failureReason")}</dt>
              <dd>{card.failureReason}</dd>
            </>
          ) : null}
          {operation.counterparty && !card ? (
            <>
              <dt>{t("history.counterparty")}</dt>
              <dd>{operation.counterparty}</dd>
            </>
          ) : null}
          {chain?.txHash ? (
            <>
              <dt>{t("history.txHash")}</dt>
              <dd>
                <span className="k-history__hash">{chain.txHash}</span>
                {/* The network's explorer, as the deployment configures it; a page of someone else's. */}
                {chain.explorerUrl ? (
                  <a
                    className="k-link k-history__explorer"
                    href={chain.explorerUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {t("history.onExplorer")}
                  </a>
                ) : null}
              </dd>
            </>
          ) : null}
          {chain?.requiredConfirmations ? (
            <>
              <dt>{t("history.confirmations")}</dt>
              <dd>{`${chain.confirmations ?? 0} / ${chain.requiredConfirmations}`}</dd>
            </>
          ) : null}
          <dt>{t("history.id")}</dt>
          <dd>{operation.operationId}</dd>
        </dl>
      ) : null}
      {operation && actions ? actions(operation) : null}
    </Modal>
  );
}
