import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { useWallets } from "../../lib/wallets/wallet-queries.ts";
import { useExchangePairs } from "./api/exchange-queries.ts";
import { ExchangeFlow } from "./components/ExchangeFlow.tsx";
import { fromChoices } from "./exchange-pairs.ts";
import "./exchange.css";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../lib/i18n/en-exchange.ts";

/** /exchange: one currency for another at a quoted offer (spec §2, reference flow §5.7). */
export function ExchangePage() {
  const { t } = useTranslation();
  const wallets = useWallets();
  const pairs = useExchangePairs();
  const list = wallets.data?.wallets ?? [];
  const pairList = pairs.data?.pairs ?? [];

  let body: ReactNode;
  if (wallets.error || pairs.error) {
    body = (
      <div role="alert" className="k-exchange__empty">
        <p>{(wallets.error ?? pairs.error)?.message ?? t("exchange.loadError")}</p>
        <Button
          variant="secondary"
          onClick={() => {
            void wallets.refetch();
            void pairs.refetch();
          }}
        >
          {t("exchange.retry")}
        </Button>
      </div>
    );
  } else if (!wallets.data || !pairs.data) {
    body = <RowsSkeleton />;
  } else if (list.length === 0) {
    body = <p className="k-exchange__empty">{t("exchange.noWallets")}</p>;
  } else if (fromChoices(list, pairList).length === 0) {
    body = <p className="k-exchange__empty">{t("exchange.noPairs")}</p>;
  } else {
    body = <ExchangeFlow wallets={list} pairs={pairList} />;
  }

  return (
    <section className="k-surface k-exchange">
      <h1 className="k-page-title">{t("pages.exchange")}</h1>
      {body}
    </section>
  );
}
