import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../../components/AmountInput.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { formatMoney, readAmount, toWire } from "../../../lib/format/money.ts";
import type { Duration } from "../api/earn-queries.ts";
import { simulate } from "../earn-math.ts";
// Its texts load with it (lib/i18n/feature-texts.ts).
import "../../../lib/i18n/en-earn.ts";

/**
 * FIX against FLEX on an amount of the simulator's own field (comparing is not opening: the
 * deposit form's amount is left alone), for the chosen duration: what each pays back at expiry
 * and when closed after N months (spec §4's rules, the server's rounding).
 */
export function Simulator(props: { currency: string; months: number; durations: Duration[] }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState(1);
  const [amount, setAmount] = useState("");
  const closeAfter = Math.min(picked, Math.max(1, props.months - 1));
  const typed = readAmount(amount, props.currency);
  const principal = typed !== undefined && typed > 0n ? typed : undefined;
  const show = (minor: bigint) => formatMoney(toWire(minor, props.currency), props.currency);
  const earlyLabel = t("earn.simulator.onEarlyClose", { months: t("earn.months", { count: closeAfter }) });
  return (
    <section className="k-earn__simulator" aria-labelledby="earn-simulator">
      <h3 id="earn-simulator">{t("earn.simulator.title")}</h3>
      <AmountInput
        label={t("earn.simulator.amount")}
        value={amount}
        suffix={props.currency}
        onChange={setAmount}
      />
      {principal === undefined ? (
        <p className="k-earn__hint">{t("earn.simulator.hint")}</p>
      ) : (
        <>
          {props.months > 1 ? (
            <SelectField
              label={t("earn.simulator.closeAfter")}
              value={String(closeAfter)}
              onChange={(e) => setPicked(Number(e.target.value))}
            >
              {Array.from({ length: props.months - 1 }, (_, i) => i + 1).map((m) => (
                <option key={m} value={m}>
                  {t("earn.months", { count: m })}
                </option>
              ))}
            </SelectField>
          ) : null}
          <table className="k-earn__table">
            <thead>
              <tr>
                <th scope="col">{t("earn.type")}</th>
                <th scope="col">{t("earn.simulator.atMaturity")}</th>
                {props.months > 1 ? <th scope="col">{earlyLabel}</th> : null}
              </tr>
            </thead>
            <tbody>
              {(["FIX", "FLEX"] as const).map((type) => {
                const term = props.durations.find((d) => d.productType === type && d.months === props.months);
                const outcome = term && simulate(principal, term, closeAfter, new Date());
                return (
                  <tr key={type}>
                    <th scope="row">{t(`words.productType.${type}`)}</th>
                    {outcome ? (
                      <>
                        <td>{show(outcome.atMaturity)}</td>
                        {props.months > 1 ? <td>{show(outcome.onEarlyClose)}</td> : null}
                      </>
                    ) : (
                      <td colSpan={props.months > 1 ? 2 : 1}>{t("earn.simulator.notOffered")}</td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
