import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CARD_PROGRAMS, useCardsPageSettled } from "./api/cards-queries.ts";
import { CardsSkeleton } from "./components/CardsSkeleton.tsx";
import { ProgramSection } from "./components/ProgramSection.tsx";
import "./cards.css";

/** /cards: both card programs, each with its terms, the customer's cards and open orders. */
export function CardsPage() {
  const { t } = useTranslation();
  // Drawn once everything has answered, then kept: a later refresh never hides the sections.
  const settled = useCardsPageSettled();
  const [shown, setShown] = useState(false);
  if (settled && !shown) setShown(true);
  return (
    <div className="k-cards">
      <div className="k-cards__header">
        <h1 className="k-page-title">{t("cards.title")}</h1>
        <p>{t("cards.intro")}</p>
      </div>
      {shown ? (
        CARD_PROGRAMS.map((program) => <ProgramSection key={program} program={program} />)
      ) : (
        <CardsSkeleton />
      )}
    </div>
  );
}
