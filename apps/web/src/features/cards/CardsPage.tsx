import { useTranslation } from "react-i18next";
import { CARD_PROGRAMS } from "./api/cards-queries.ts";
import { ProgramSection } from "./components/ProgramSection.tsx";
import "./cards.css";

/** /cards: both card programs, each with its terms, the customer's cards and open orders. */
export function CardsPage() {
  const { t } = useTranslation();
  return (
    <div className="k-cards">
      <div className="k-cards__header">
        <h1 className="k-page-title">{t("cards.title")}</h1>
        <p>{t("cards.intro")}</p>
      </div>
      {CARD_PROGRAMS.map((program) => (
        <ProgramSection key={program} program={program} />
      ))}
    </div>
  );
}
