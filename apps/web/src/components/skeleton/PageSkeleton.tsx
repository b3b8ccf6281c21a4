import { RowsSkeleton } from "./RowsSkeleton.tsx";

/** A page's shape while its code or its first answer loads: a card with a title and three rows. */
export function PageSkeleton() {
  return (
    <div className="k-surface k-page-skeleton" data-testid="page-skeleton">
      <span className="k-skeleton k-page-skeleton__title" />
      <RowsSkeleton />
    </div>
  );
}
