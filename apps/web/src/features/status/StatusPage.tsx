import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { formatDate } from "../../lib/format/dates.ts";
import { isBuilt } from "../../lib/operations/built-operations.ts";
import type { OperationType } from "../../lib/operations/operations-schema.ts";
import {
  affectedComponents,
  type StatusComponent,
  sinceText,
  useServiceStatus,
} from "../../lib/service-status/service-status.ts";
import "./status.css";

/**
 * /status, public: which of the merchant's features are paused for maintenance or disrupted by a
 * provider, since when and why; then the features working normally (docs/status.md).
 */
export function StatusPage() {
  const { t } = useTranslation();
  const status = useServiceStatus();
  const components = status.data ?? [];
  const affected = affectedComponents(components);
  // Working: the features this app has pages for; the catalog's inner steps (a card program's
  // issue, delivery) mean nothing to a customer until one of them is affected. A type the app
  // does not know is simply not in its set (hence the cast).
  const working = components.filter(
    (c) => c.state === "OPERATIONAL" && isBuilt([c.feature as OperationType]),
  );
  return (
    <section className="k-surface k-service-status">
      <h1 className="k-page-title">{t("serviceStatus.title")}</h1>
      {status.isPending ? <Spinner /> : null}
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
              <li key={c.feature}>{c.name}</li>
            ))}
          </ul>
          <p className="k-service-status__muted">
            {t("serviceStatus.updated", { time: formatDate(status.dataUpdatedAt, "time") })}{" "}
            <a className="k-link" href="/v2/status">
              {t("serviceStatus.json")}
            </a>
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
        <strong>{c.name}</strong>
        <span className={`k-service-status__badge k-service-status__badge--${c.state.toLowerCase()}`}>
          {t(`serviceStatus.states.${c.state}`)}
        </span>
      </div>
      <p className="k-service-status__muted">{t("serviceStatus.since", { since: sinceText(c.since) })}</p>
      {c.message ? <p className="k-service-status__message">{c.message}</p> : null}
    </li>
  );
}
