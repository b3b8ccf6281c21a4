import { RowsSkeleton } from "../../../components/skeleton/RowsSkeleton.tsx";
import { CARD_PROGRAMS } from "../api/cards-queries.ts";

/**
 * /cards while its programs answer: one card per program, with its title, a card picture's
 * place and the rows of its terms, so the sections arrive where their outline already stood.
 */
export function CardsSkeleton() {
  return CARD_PROGRAMS.map((program) => (
    <div key={program} className="k-surface k-cards__program" data-testid="cards-skeleton">
      <span className="k-skeleton k-cards__skeleton-title" />
      <span className="k-skeleton k-cards__skeleton-art" />
      <RowsSkeleton rows={2} />
    </div>
  ));
}
