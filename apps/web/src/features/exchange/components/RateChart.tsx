import { unwrap } from "@kestrel/api-client";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Chart } from "../../../components/chart/Chart.tsx";
import { changeOf } from "../../../components/chart/chart-change.ts";
import { displayRate } from "../../../lib/format/rate.ts";
import { useApi, useSessionStatus } from "../../../lib/session/session-context.tsx";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-exchange.ts";

const HOURS = 24;

/** GET /v2/rates/history: the pair's mid rate over the last hours (the provider's own history). */
function useRateHistory(from: string, to: string) {
  const api = useApi();
  const signedIn = useSessionStatus() === "signedIn";
  return useQuery({
    queryKey: ["rates", "history", from, to, HOURS],
    queryFn: () => unwrap(api.GET("/v2/rates/history", { params: { query: { from, to, hours: HOURS } } })),
    enabled: signedIn,
    staleTime: 60_000,
  });
}

/** Exchange: the pair's recent rate as a sparkline, with what it did in words. */
export function RateChart({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const query = useRateHistory(from, to);
  const points = query.data?.points;
  // Rates are read, not paid: numbers are fine to place the points and give the change.
  const values = points?.map((p) => Number(p.rate));
  const rate = displayRate(points?.at(-1)?.rate ?? "");
  let label = "";
  if (values) {
    const change = changeOf(values);
    const words = { from, to, hours: HOURS, rate };
    if (change.direction === "up") label = t("exchange.rateChartUp", { ...words, percent: change.percent });
    else if (change.direction === "down")
      label = t("exchange.rateChartDown", { ...words, percent: change.percent });
    else label = t("exchange.rateChartFlat", words);
  }
  return (
    <div className="k-exchange__rate-chart">
      <p className="k-exchange__hint">{t("exchange.rateChartCaption", { from, to, hours: HOURS })}</p>
      {query.isError ? (
        <Chart
          values={[]}
          empty
          emptyText={t("exchange.rateChartUnavailable")}
          label={t("exchange.rateChartUnavailable")}
          height={48}
        />
      ) : (
        <Chart values={values} label={label} height={48} />
      )}
    </div>
  );
}
