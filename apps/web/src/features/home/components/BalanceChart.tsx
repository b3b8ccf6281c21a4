import { unwrap } from "@kestrel/api-client";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Chart } from "../../../components/chart/Chart.tsx";
import { changeOf } from "../../../components/chart/chart-change.ts";
import { formatMoney, readAmount } from "../../../lib/format/money.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";

const DAYS = 30;

/** GET /v2/wallets/balance-history: the total at each day's close, valued at today's rates. */
function useBalanceHistory() {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: ["wallets", "balance-history", DAYS],
    queryFn: () => unwrap(api.GET("/v2/wallets/balance-history", { params: { query: { days: DAYS } } })),
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/**
 * Home: the total balance over the last 30 days, under the total. Its box has a fixed height from
 * the first paint; a customer with nothing yet reads a sentence, not an empty chart.
 */
export function BalanceChart() {
  const { t } = useTranslation();
  const query = useBalanceHistory();
  const history = query.data;
  // Minor units for the figures, numbers only to place the points.
  const minors = history?.days.map((d) => readAmount(d.total, history.currency) ?? 0n);
  const values = minors?.map(Number);
  const empty = minors?.every((m) => m === 0n) ?? false;
  // The label a screen reader hears: the period, the change, where it ends.
  let label = "";
  if (history && values) {
    const money = (total: string | undefined) => formatMoney(total ?? "0", history.currency);
    const amount = money(history.days.at(-1)?.total);
    const change = changeOf(values);
    if (change.direction === "flat") label = t("wallets.chartFlat", { days: DAYS, amount });
    else if (change.direction === "fromZero") {
      label = t("wallets.chartFromZero", { days: DAYS, start: money(history.days[0]?.total), amount });
    } else if (change.direction === "up")
      label = t("wallets.chartUp", { days: DAYS, percent: change.percent, amount });
    else label = t("wallets.chartDown", { days: DAYS, percent: change.percent, amount });
  }
  // A failed read keeps the box and says so in a line; the total above is what counts.
  if (query.isError) {
    return (
      <div className="k-balance-chart">
        <p className="k-home__muted k-balance-chart__caption">{t("wallets.chartCaption", { days: DAYS })}</p>
        <Chart
          values={[]}
          empty
          emptyText={t("wallets.chartUnavailable")}
          label={t("wallets.chartUnavailable")}
        />
      </div>
    );
  }
  return (
    <div className="k-balance-chart">
      <p className="k-home__muted k-balance-chart__caption">{t("wallets.chartCaption", { days: DAYS })}</p>
      <Chart
        values={values}
        empty={empty}
        emptyText={t("wallets.chartEmpty", { days: DAYS })}
        label={label}
      />
    </div>
  );
}
