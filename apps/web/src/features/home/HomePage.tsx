import { useTranslation } from "react-i18next";
import { QuickActions } from "./components/QuickActions.tsx";
import { RecentOperations } from "./components/RecentOperations.tsx";
import { StatusStrip } from "./components/StatusStrip.tsx";
import { BalanceTotal, WalletsOverview } from "./components/WalletsOverview.tsx";
import "./home.css";

/**
 * Home (spec §2, "/"): total balance, the operation entry points, wallets and recent operations.
 * What has a fixed height comes first, so nothing on screen moves as the lists load.
 */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <section className="k-surface k-home">
      <h1 className="k-page-title">{t("pages.home")}</h1>
      <StatusStrip />
      <BalanceTotal />
      <QuickActions />
      <WalletsOverview />
      <RecentOperations />
    </section>
  );
}
