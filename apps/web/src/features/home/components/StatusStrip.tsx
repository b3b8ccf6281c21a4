import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { featureName } from "../../../lib/operations/feature-name.ts";
import { ROUTES } from "../../../lib/routes.ts";
import {
  affectedComponents,
  sinceText,
  useServiceStatus,
} from "../../../lib/service-status/service-status.ts";

/**
 * Home: a strip naming each feature that is paused or disrupted and since when, linking /status.
 * Nothing at all while every feature works (or while the status cannot be read).
 */
export function StatusStrip() {
  const { t } = useTranslation();
  const headingId = useId();
  const affected = affectedComponents(useServiceStatus().data ?? []);
  if (affected.length === 0) return null;
  return (
    <section className="k-status-strip" aria-labelledby={headingId} data-testid="status-strip">
      <h2 id={headingId} className="k-status-strip__title">
        {t("serviceStatus.stripTitle")}
      </h2>
      <ul className="k-status-strip__list">
        {affected.map((c) => (
          <li key={c.feature}>
            {c.since
              ? t("serviceStatus.stripItem", {
                  name: featureName(t, c.feature),
                  state: t(`serviceStatus.states.${c.state}`).toLowerCase(),
                  since: sinceText(c.since),
                })
              : t("serviceStatus.stripItemNoSince", {
                  name: featureName(t, c.feature),
                  state: t(`serviceStatus.states.${c.state}`).toLowerCase(),
                })}
          </li>
        ))}
      </ul>
      <Link className="k-link" to={ROUTES.status}>
        {t("serviceStatus.stripLink")}
      </Link>
    </section>
  );
}
