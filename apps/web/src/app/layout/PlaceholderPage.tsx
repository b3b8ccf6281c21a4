import { useTranslation } from "react-i18next";
import type { Texts } from "../../lib/i18n/en.ts";

export type PageKey = keyof Texts["pages"];

/**
 * The page of a feature that a later issue builds: its heading only, nothing invented, so the
 * route, the layout and the guards can already be used and tested.
 */
export function PlaceholderPage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <section className="k-surface">
      <h1 className="k-page-title">{t(`pages.${page}`)}</h1>
    </section>
  );
}
