import { useTranslation } from "react-i18next";
import { QuickActions } from "./components/QuickActions.tsx";
import { RecentOperations } from "./components/RecentOperations.tsx";
import { WalletsOverview } from "./components/WalletsOverview.tsx";
import "./home.css";

/** Home (spec §2, "/"): total balance, wallets, the operation entry points and recent operations. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="k-surface k-home">
      <h1 className="k-page-title">{t("pages.home")}</h1>
      <WalletsOverview />
      <QuickActions />
      <RecentOperations />
    </section>
  );
}
