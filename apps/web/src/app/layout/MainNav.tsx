import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { OperationNavLink } from "../../components/operations/OperationNavLink.tsx";
import { isBuilt } from "../../lib/operations/built-operations.ts";
import type { OperationType } from "../../lib/operations/operations-schema.ts";
import { ROUTES } from "../../lib/routes.ts";

const OPERATION_TABS: ReadonlyArray<{
  to: string;
  operation: OperationType;
  key: "exchange" | "cards" | "earn" | "iban";
}> = [
  { to: ROUTES.exchange, operation: "EXCHANGE", key: "exchange" },
  { to: ROUTES.cards, operation: "CARDS", key: "cards" },
  { to: ROUTES.earn, operation: "DEPOSITS", key: "earn" },
  { to: ROUTES.iban, operation: "IBAN", key: "iban" },
];

// Line icons of the tabs; decorative, the label names the tab.
const ICONS = {
  home: "M4 11l8-7 8 7v9h-5v-6H9v6H4z",
  exchange: "M7 7h12l-3-3M17 17H5l3 3",
  cards: "M3 6h18v12H3zM3 10h18",
  earn: "M4 18l5-6 4 3 7-9M15 6h5v5",
  iban: "M3 10l9-6 9 6M5 10v8M19 10v8M9 10v8M15 10v8M3 20h18",
  history: "M12 7v5l3 2M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5",
} as const;

function TabIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      className="k-nav__icon"
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Home, Exchange, Cards, Earn, IBAN, History; operation pages go through the catalog, and a tab
 * of a feature this release has not built is left out (a tab bar holds no dead ends). On phones
 * it is a bottom tab bar, icon over label (header.css); from 600 px a row in the header.
 */
export function MainNav() {
  const { t } = useTranslation();
  return (
    <nav className="k-nav" aria-label={t("nav.label")}>
      <ul className="k-nav__list">
        <li>
          <NavLink to={ROUTES.home} end className="k-nav__link">
            <TabIcon name="home" />
            <span>{t("nav.home")}</span>
          </NavLink>
        </li>
        {OPERATION_TABS.filter((tab) => isBuilt([tab.operation])).map((tab) => (
          <li key={tab.key}>
            <OperationNavLink
              to={tab.to}
              operation={tab.operation}
              label={t(`nav.${tab.key}`)}
              className="k-nav__link"
              icon={<TabIcon name={tab.key} />}
            />
          </li>
        ))}
        <li>
          <NavLink to={ROUTES.history} className="k-nav__link">
            <TabIcon name="history" />
            <span>{t("nav.history")}</span>
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
