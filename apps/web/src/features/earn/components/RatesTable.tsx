import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/format/money.ts";
import type { DepositTemplates } from "../api/earn-queries.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-earn.ts";

/** The merchant's offer: per currency, each duration with its type, rate and amount bounds. */
export function RatesTable({ templates }: { templates: DepositTemplates }) {
  const { t } = useTranslation();
  return (
    <section className="k-surface k-earn__rates" aria-labelledby="earn-rates">
      <h2 id="earn-rates" className="k-earn__heading">
        {t("earn.rates")}
      </h2>
      {templates.map((tpl) => (
        <table key={tpl.currency} className="k-earn__table">
          <caption>{tpl.currency}</caption>
          <thead>
            <tr>
              <th scope="col">{t("earn.type")}</th>
              <th scope="col">{t("earn.duration")}</th>
              <th scope="col">{t("earn.yearlyRate")}</th>
              <th scope="col" className="k-earn__wide">
                {t("earn.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {tpl.durations.map((d) => (
              <tr key={d.id}>
                <td>{t(`words.productType.${d.productType}`)}</td>
                <td>{t("earn.months", { count: d.months })}</td>
                <td>{d.percents}%</td>
                <td className="k-earn__wide">
                  {t("earn.bounds", {
                    min: formatMoney(d.minAmount, tpl.currency),
                    max: formatMoney(d.maxAmount, tpl.currency),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
