import { useTranslation } from "react-i18next";
import type { Texts } from "../../lib/i18n/en.ts";

export type PageKey = keyof Texts["pages"];

/**
 * The page of a feature that a later issue builds: its heading and "Coming soon", nothing
 * invented, so an address typed or bookmarked says what it is and the guards can be tested.
 */
export function PlaceholderPage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <section className="k-surface">
      <h1 className="k-page-title">{t(`pages.${page}`)}</h1>
      <p>{t("operations.comingSoon")}</p>
    </section>
  );
}
