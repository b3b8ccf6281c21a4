import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { OperationNavLink } from "../../components/operations/OperationNavLink.tsx";
import { ROUTES } from "../../lib/routes.ts";

/** Home, Exchange, Cards, Earn, IBAN, History; operation pages go through the catalog. */
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
        <li>
          <OperationNavLink
            to={ROUTES.exchange}
            operation="EXCHANGE"
            label={t("nav.exchange")}
            className="k-nav__link"
          />
        </li>
        <li>
          <OperationNavLink
            to={ROUTES.cards}
            operation="CARDS"
            label={t("nav.cards")}
            className="k-nav__link"
          />
        </li>
        <li>
          <OperationNavLink
            to={ROUTES.earn}
            operation="DEPOSITS"
            label={t("nav.earn")}
            className="k-nav__link"
          />
        </li>
        <li>
          <OperationNavLink to={ROUTES.iban} operation="IBAN" label={t("nav.iban")} className="k-nav__link" />
        </li>
        <li>
          <NavLink to={ROUTES.history} className="k-nav__link">
            {t("nav.history")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
