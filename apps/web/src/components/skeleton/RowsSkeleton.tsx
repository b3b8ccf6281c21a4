import { useTranslation } from "react-i18next";

/**
 * A list's place while it loads: `rows` rows of a list row's height (two lines each side), so the
 * list arrives without the page moving under it. Said once as "Loading" to a screen reader.
 */
export function RowsSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <ul className="k-rows-skeleton" aria-busy="true" aria-label={t("app.loading")}>
      {Array.from({ length: rows }, (_, row) => `row-${row}`).map((key) => (
        <li key={key} className="k-rows-skeleton__row" data-testid="row-skeleton">
          <span className="k-rows-skeleton__side">
            <span className="k-skeleton k-rows-skeleton__line" />
            <span className="k-skeleton k-rows-skeleton__line k-rows-skeleton__line--short" />
          </span>
          <span className="k-rows-skeleton__side k-rows-skeleton__side--end">
            <span className="k-skeleton k-rows-skeleton__line" />
            <span className="k-skeleton k-rows-skeleton__line k-rows-skeleton__line--short" />
          </span>
        </li>
      ))}
    </ul>
  );
}
