import { useTranslation } from "react-i18next";
import { nextLevel } from "../../lib/kyc/kyc-levels.ts";
import { formatLimit, isZero, usedPercent } from "./limit-amounts.ts";
import type { LimitGroup } from "./limit-groups.ts";

/** One or more operations with the same figures: what is left now, per 24 hours and per 30 days, and the next level. */
export function OperationLimitsCard(props: { group: LimitGroup; currency: string; level: string }) {
  const { t } = useTranslation();
  const { group, currency } = props;
  const money = (value: string) => formatLimit(value, currency);
  const { limits, used, remaining, levels } = group.figures;
  const available = !isZero(limits.perTransaction, currency);
  const next = nextLevel(props.level);
  const unlocks = levels.find((l) => l.kycLevel === next);
  const windows = [
    { key: "daily", label: t("limits.daily"), limit: limits.daily, used: used.daily, left: remaining.daily },
    {
      key: "monthly",
      label: t("limits.monthly"),
      limit: limits.monthly,
      used: used.monthly,
      left: remaining.monthly,
    },
  ];

  return (
    <article className="k-limits__card" aria-label={group.names.join(", ")}>
      <ul className={`k-limits__names${group.names.length > 1 ? " k-limits__names--many" : ""}`}>
        {group.names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      {available ? (
        <dl className="k-limits__rows">
          <div className="k-limits__row">
            <dt>{t("limits.perTransaction")}</dt>
            <dd className="k-limits__amount">{t("limits.upTo", { amount: money(remaining.now) })}</dd>
          </div>
          {windows.map((w) => (
            <div key={w.key} className="k-limits__row">
              <dt>{w.label}</dt>
              <dd className="k-limits__amount">{t("limits.left", { amount: money(w.left) })}</dd>
              <dd className="k-limits__usage">
                <span className="k-limits__bar" aria-hidden="true">
                  <span style={{ width: `${usedPercent(w.used, w.limit, currency)}%` }} />
                </span>
                <span className="k-limits__detail">
                  {t("limits.usedOf", { used: money(w.used), limit: money(w.limit) })}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="k-limits__none">{t("limits.notAvailable")}</p>
      )}
      {unlocks && next && !isZero(unlocks.perTransaction, currency) ? (
        <div className="k-limits__next">
          <p className="k-limits__next-title">
            {t("limits.nextLevel", { level: t(`words.kycLevel.${next}` as "words.kycLevel.KYC_2") })}
          </p>
          <p className="k-limits__detail">
            {t("limits.nextLevelValues", {
              perTransaction: money(unlocks.perTransaction),
              daily: money(unlocks.daily),
              monthly: money(unlocks.monthly),
            })}
          </p>
        </div>
      ) : null}
    </article>
  );
}
