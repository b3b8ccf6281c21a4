import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { ROUTES } from "../../lib/routes.ts";
import { useKycLimits } from "./api/limits-queries.ts";
import { groupOperations } from "./limit-groups.ts";
import { OperationLimitsCard } from "./OperationLimitsCard.tsx";
import "../../components/button.css";
import "./limits.css";

/** /limits: per operation, the remaining limits at the customer's level and what KYC_2 unlocks. */
export function LimitsPage() {
  const { t } = useTranslation();
  const limits = useKycLimits();
  const data = limits.data;
  const level = data ? t(`words.kycLevel.${data.kycLevel}`) : "";

  return (
    <section className="k-surface k-limits">
      <h1 className="k-page-title">{t("limits.title")}</h1>
      {data ? (
        <>
          <p className="k-limits__intro">{t("limits.intro", { level, currency: data.currency })}</p>
          {data.operations.length === 0 ? (
            <p className="k-limits__empty">{t("limits.empty")}</p>
          ) : (
            <div className="k-limits__grid">
              {groupOperations(data.operations).map((group) => (
                <OperationLimitsCard
                  key={group.key}
                  group={group}
                  currency={data.currency}
                  level={data.kycLevel}
                />
              ))}
            </div>
          )}
        </>
      ) : limits.isPending ? (
        <RowsSkeleton />
      ) : (
        <div role="alert" className="k-limits__error">
          <p>{t("limits.loadError")}</p>
          {limits.error?.message ? <p className="k-limits__detail">{limits.error.message}</p> : null}
          <Button variant="secondary" onClick={() => void limits.refetch()}>
            {t("limits.retry")}
          </Button>
        </div>
      )}
      <div className="k-limits__actions">
        {/* At every level: /verification applies spec §4's rule (the widget at KYC_0, a
            limit-increase request at KYC_2). */}
        <Link to={ROUTES.verification} className="k-button k-button--primary">
          {t("limits.increase")}
        </Link>
      </div>
    </section>
  );
}
