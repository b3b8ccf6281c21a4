import { useTranslation } from "react-i18next";
import { QuickActions } from "./components/QuickActions.tsx";
import "./home.css";

/** Home (spec §2, "/"): for now the operation entry points; balances come with the wallets issue. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="k-surface k-home">
      <h1 className="k-page-title">{t("pages.home")}</h1>
      <QuickActions />
    </section>
  );
}
