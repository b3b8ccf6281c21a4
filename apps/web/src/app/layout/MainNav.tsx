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

/**
 * Home, Exchange, Cards, Earn, IBAN, History; operation pages go through the catalog, and a tab
 * of a feature this release has not built is left out (a tab bar holds no dead ends).
 */
export function MainNav() {
  const { t } = useTranslation();
  return (
    <nav className="k-nav" aria-label={t("nav.label")}>
      <ul className="k-nav__list">
        <li>
          <NavLink to={ROUTES.home} end className="k-nav__link">
            {t("nav.home")}
          </NavLink>
        </li>
        {OPERATION_TABS.filter((tab) => isBuilt([tab.operation])).map((tab) => (
          <li key={tab.key}>
            <OperationNavLink
              to={tab.to}
              operation={tab.operation}
              label={t(`nav.${tab.key}`)}
              className="k-nav__link"
            />
          </li>
        ))}
        <li>
          <NavLink to={ROUTES.history} className="k-nav__link">
            {t("nav.history")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
