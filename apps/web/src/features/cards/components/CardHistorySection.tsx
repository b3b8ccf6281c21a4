import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { formatDate } from "../../../lib/format/dates.ts";
import { formatMoney } from "../../../lib/format/money.ts";
import { CARD_HISTORY_PAGE, type CardOperation, useCardHistory } from "../api/card-funding-queries.ts";
import type { CardProgram } from "../api/cards-queries.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-card-funding.ts";

function OperationRow({ op }: { op: CardOperation }) {
  const { t } = useTranslation();
  const sign = op.direction === "OUT" ? "−" : "+";
  const struck = op.status === "DECLINED" || op.status === "REVERSED";
  return (
    <li className="k-card-history__row" data-status={op.status}>
      <div>
        <p className="k-card-history__title">{op.description}</p>
        <p className="k-cards__muted">
          {t(`cardFunding.kinds.${op.type}`)} · {formatDate(op.operationDate, "long")},{" "}
          {formatDate(op.operationDate, "time")}
        </p>
        {op.declineMessage ? <p className="k-card-history__reason">{op.declineMessage}</p> : null}
      </div>
      <div className="k-card-history__amount">
        <span className={struck ? "k-card-history__struck" : undefined}>
          {sign}
          {formatMoney(op.amount.value, op.amount.currency)}
        </span>
        <span className={`k-card-history__status k-card-history__status--${op.status.toLowerCase()}`}>
          {t(`cardFunding.statuses.${op.status}`)}
        </span>
      </div>
    </li>
  );
}

/** The card's history (GET /v2/history/card/{cardId}): top-ups, purchases and refunds, in pages. */
export function CardHistorySection({ cardId, program }: { cardId: string; program: CardProgram }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const history = useCardHistory(cardId, program, page);
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CARD_HISTORY_PAGE));
  const headingId = `card-history-${cardId}`;
  return (
    <section className="k-card-history" aria-labelledby={headingId}>
      <h3 id={headingId} className="k-card-history__heading">
        {t("cardFunding.history")}
      </h3>
      {history.isPending ? <Spinner /> : null}
      <FormError error={history.error ?? undefined} />
      {history.isSuccess && total === 0 ? (
        <p className="k-cards__muted">{t("cardFunding.historyEmpty")}</p>
      ) : null}
      <ul className="k-card-history__list">
        {history.data?.operations.map((op) => (
          <OperationRow key={op.operationId} op={op} />
        ))}
      </ul>
      {pages > 1 ? (
        <div className="k-card-history__pager">
          <Button variant="ghost" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            {t("cardFunding.historyNewer")}
          </Button>
          <span className="k-cards__muted">{t("cardFunding.historyPage", { page: page + 1, pages })}</span>
          <Button variant="ghost" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
            {t("cardFunding.historyOlder")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
