import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/Button.tsx";
import { formatMoney } from "../../../lib/format/money.ts";
import type { Card, CardProgram } from "../api/cards-queries.ts";
import { CardHistorySection } from "./CardHistorySection.tsx";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-card-funding.ts";

/** The card's balance, this month's money in and out, and its history behind a toggle. */
export function CardFundingPanel({
  card,
  program,
  onTopUp,
}: {
  card: Card & { id: string };
  program: CardProgram;
  /** Opens the top-up modal; absent when the card cannot take money now (not active). */
  onTopUp?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const money = (m: { value: string; currency: string }) => formatMoney(m.value, m.currency);
  return (
    <div className="k-card-funding">
      <p className="k-cards__muted">{t("cardFunding.balance")}</p>
      <p className="k-cards__balance" data-testid={`card-balance-${card.id}`}>
        {money(card.balance)}
      </p>
      <p className="k-cards__muted">
        {t("cardFunding.monthly", {
          income: money(card.monthlyIncome),
          expenses: money(card.monthlyExpenses),
        })}
      </p>
      <div className="k-cards__actions">
        {onTopUp ? <Button onClick={onTopUp}>{t("cardFunding.topUp")}</Button> : null}
        <Button variant="ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t("cardFunding.hideHistory") : t("cardFunding.showHistory")}
        </Button>
      </div>
      {open ? <CardHistorySection cardId={card.id} program={program} /> : null}
    </div>
  );
}
