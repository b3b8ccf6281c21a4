import { useTranslation } from "react-i18next";
import { BalanceChart } from "./components/BalanceChart.tsx";
import { QuickActions } from "./components/QuickActions.tsx";
import { RecentOperations } from "./components/RecentOperations.tsx";
import { StatusStrip } from "./components/StatusStrip.tsx";
import { BalanceTotal, WalletsOverview } from "./components/WalletsOverview.tsx";
import "./home.css";

/**
 * Home (spec §2, "/"): total balance, the operation entry points, wallets and recent operations.
 * What has a fixed height comes first (the 30 days' chart keeps its box while it loads), so nothing on screen moves as the lists load.
 */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="k-surface k-home">
      <h1 className="k-page-title">{t("pages.home")}</h1>
      <StatusStrip />
      <BalanceTotal />
      <BalanceChart />
      <QuickActions />
      <WalletsOverview />
      <RecentOperations />
    </section>
  );
}
