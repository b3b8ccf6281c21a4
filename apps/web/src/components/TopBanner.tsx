import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentNotification, useNotificationStore } from "../lib/notifications/notifications-context.tsx";
import { TextWithContactSupport } from "./support/TextWithContactSupport.tsx";
import "./top-banner.css";

/** Spec §9: a notification clears itself after 3 seconds. */
const NOTIFICATION_AUTO_HIDE_MS = 3000;

/** The banner across the top of the page for success and error notifications. */
export function TopBanner() {
  const { t } = useTranslation();
  const store = useNotificationStore();
  const notification = useCurrentNotification();

  useEffect(() => {
    if (!notification) return;
    const timer = window.setTimeout(() => store.dismiss(notification.id), NOTIFICATION_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [notification, store]);

  // The live region stays mounted so that screen readers announce what appears in it.
  return (
    <div className="k-top-banner__region" role="status" aria-live="polite">
      {notification ? (
        <div className={`k-top-banner k-top-banner--${notification.kind}`}>
          <p className="k-top-banner__text">
            <TextWithContactSupport
              text={
                notification.message ??
                (notification.kind === "success" ? t("notification.success") : t("notification.error"))
              }
              linkClassName="k-top-banner__link"
            />
          </p>
          <button
            type="button"
            className="k-top-banner__dismiss"
            aria-label={t("notification.dismiss")}
            onClick={() => store.dismiss(notification.id)}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
