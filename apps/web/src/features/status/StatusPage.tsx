import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { formatDate } from "../../lib/format/dates.ts";
import { featureName } from "../../lib/operations/feature-name.ts";
import {
  affectedComponents,
  type StatusComponent,
  sinceText,
  useServiceStatus,
} from "../../lib/service-status/service-status.ts";
import "./status.css";

/**
 * /status, public: which of the merchant's features are paused for maintenance, disrupted or not
 * available, since when and why; then every other feature, working normally (docs/status.md).
 * Each is named in the customer's words (operations.names), never by its code.
 */
export function StatusPage() {
  const { t } = useTranslation();
  const status = useServiceStatus();
  const components = status.data ?? [];
  const affected = affectedComponents(components);
  const working = components.filter((c) => c.state === "OPERATIONAL");
  return (
    <section className="k-surface k-service-status">
      <h1 className="k-page-title">{t("serviceStatus.title")}</h1>
      {status.isPending ? <RowsSkeleton /> : null}
      {status.isError && components.length === 0 ? (
        <div role="alert">
          <p>{t("serviceStatus.loadError")}</p>
          <Button variant="secondary" onClick={() => void status.refetch()}>
            {t("serviceStatus.retry")}
          </Button>
        </div>
      ) : null}
      {status.isSuccess ? (
        <>
          <p
            className={`k-service-status__summary k-service-status__summary--${affected.length > 0 ? "affected" : "ok"}`}
          >
            {affected.length > 0 ? t("serviceStatus.someAffected") : t("serviceStatus.allWell")}
          </p>
          {affected.length > 0 ? (
            <>
              <h2 className="k-service-status__heading">{t("serviceStatus.affected")}</h2>
              <ul className="k-service-status__list">
                {affected.map((c) => (
                  <AffectedItem key={c.feature} component={c} />
                ))}
              </ul>
            </>
          ) : null}
          <h2 className="k-service-status__heading">{t("serviceStatus.working")}</h2>
          <ul className="k-service-status__working">
            {working.map((c) => (
              <li key={c.feature}>{featureName(t, c.feature)}</li>
            ))}
          </ul>
          <p className="k-service-status__muted">
            {t("serviceStatus.updated", { time: formatDate(status.dataUpdatedAt, "time") })}
          </p>
        </>
      ) : null}
    </section>
  );
}

function AffectedItem({ component: c }: { component: StatusComponent }) {
  const { t } = useTranslation();
  return (
    <li className="k-service-status__item">
      <div className="k-service-status__item-head">
        <strong>{featureName(t, c.feature)}</strong>
        <span className={`k-service-status__badge k-service-status__badge--${c.state.toLowerCase()}`}>
          {t(`serviceStatus.states.${c.state}`)}
        </span>
      </div>
      {c.since ? (
        <p className="k-service-status__muted">{t("serviceStatus.since", { since: sinceText(c.since) })}</p>
      ) : null}
      {c.message ? <p className="k-service-status__message">{c.message}</p> : null}
    </li>
  );
}
