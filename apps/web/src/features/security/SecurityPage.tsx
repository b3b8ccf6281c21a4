import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Modal } from "../../components/modal/Modal.tsx";
import { RowsSkeleton } from "../../components/skeleton/RowsSkeleton.tsx";
import { formatDate } from "../../lib/format/dates.ts";
import "../../lib/i18n/en-security.ts";
import { asError } from "../../lib/forms/server-errors.ts";
import { useNotify } from "../../lib/notifications/notifications-context.tsx";
import {
  type SecurityEvent,
  type SecuritySession,
  useSecurityEvents,
  useSecuritySessions,
  useSignOutSessions,
} from "./api/security-queries.ts";
import "../../components/button.css";
import "./security.css";

/**
 * /security (profile menu): where the customer is signed in, with a way to sign out any other
 * session or all of them, and the record of security events (docs/accounts.md "Security centre").
 */
export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <section className="k-surface k-security">
      <h1 className="k-page-title">{t("pages.security")}</h1>
      <p className="k-security__muted">{t("security.intro")}</p>
      <Sessions />
      <Events />
    </section>
  );
}

const when = (iso: string) => `${formatDate(iso, "long")}, ${formatDate(iso, "time")}`;
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const placeOf = (country: string | null | undefined) =>
  country ? (regionNames.of(country) ?? country) : undefined;

/** This device first, then the others as the server ordered them (most recently active first). */
const thisFirst = (list: SecuritySession[]) =>
  [...list].sort((a, b) => Number(b.current) - Number(a.current));

type Confirming = { kind: "one"; session: SecuritySession } | { kind: "others" } | undefined;

function Sessions() {
  const { t } = useTranslation();
  const notify = useNotify();
  const sessions = useSecuritySessions();
  const signOut = useSignOutSessions();
  const [confirming, setConfirming] = useState<Confirming>();
  const [error, setError] = useState<Error | undefined>();
  // Sessions of the same browser and system read alike ("Chrome on Linux" twice): those get the
  // end of their id as a reference, so each line, its button and its dialog name one session.
  const labelOf = (s: SecuritySession) => s.device ?? t("security.unknownDevice");
  const repeated = (s: SecuritySession) =>
    (sessions.data ?? []).filter((o) => labelOf(o) === labelOf(s)).length > 1;
  const deviceOf = (s: SecuritySession) =>
    repeated(s) ? t("security.sessionRef", { device: labelOf(s), ref: s.id.slice(-4) }) : labelOf(s);
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  const pending = signOut.one.isPending || signOut.others.isPending;

  const confirm = async () => {
    if (!confirming) return;
    setError(undefined);
    try {
      if (confirming.kind === "one") {
        await signOut.one.mutateAsync(confirming.session.id);
        notify.success(t("security.signedOutOne"));
      } else {
        const { signedOut } = await signOut.others.mutateAsync();
        notify.success(t("security.signedOutOthers", { count: signedOut }));
      }
      setConfirming(undefined);
    } catch (e) {
      setError(asError(e));
    }
  };

  const titleId = useId();
  return (
    <section className="k-security__block" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("security.sessionsTitle")}</h2>
      {sessions.data ? (
        <>
          <ul className="k-security__list">
            {thisFirst(sessions.data).map((s) => (
              <li key={s.id} className="k-security__item">
                <div className="k-security__text">
                  <p className="k-security__name">
                    {deviceOf(s)}
                    {s.current ? <span className="k-security__badge">{t("security.thisDevice")}</span> : null}
                  </p>
                  <p className="k-security__muted">
                    {/* Where it signed in from, when the address tells (a local network does not). */}
                    {[placeOf(s.country), t("security.lastActive", { when: when(s.lastActiveAt) })]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  <p className="k-security__muted">{t("security.signedInAt", { when: when(s.createdAt) })}</p>
                </div>
                {s.current ? null : (
                  <Button
                    variant="secondary"
                    aria-label={t("security.signOutNamed", { device: deviceOf(s) })}
                    onClick={() => setConfirming({ kind: "one", session: s })}
                  >
                    {t("security.signOut")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <Button variant="ghost" onClick={() => setConfirming({ kind: "others" })}>
              {t("security.signOutOthers")}
            </Button>
          ) : (
            <p className="k-security__muted">{t("security.onlyThis")}</p>
          )}
        </>
      ) : sessions.isPending ? (
        <RowsSkeleton rows={2} />
      ) : (
        <LoadError onRetry={() => void sessions.refetch()} />
      )}
      <Modal
        open={confirming !== undefined}
        onOpenChange={(open) => {
          if (!open) {
            setConfirming(undefined);
            setError(undefined);
          }
        }}
        title={
          confirming?.kind === "one"
            ? t("security.confirmOneTitle", { device: deviceOf(confirming.session) })
            : t("security.confirmOthersTitle")
        }
      >
        <p>{confirming?.kind === "one" ? t("security.confirmOneText") : t("security.confirmOthersText")}</p>
        <FormError error={error} />
        <div className="k-modal__actions">
          <Button fullWidth disabled={pending} onClick={() => void confirm()}>
            {t("security.confirm")}
          </Button>
          <Button variant="ghost" fullWidth onClick={() => setConfirming(undefined)}>
            {t("security.keep")}
          </Button>
        </div>
      </Modal>
    </section>
  );
}

function Events() {
  const { t } = useTranslation();
  const events = useSecurityEvents();
  const list = events.data?.pages.flatMap((p) => p.events);
  const titleId = useId();
  return (
    <section className="k-security__block" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("security.eventsTitle")}</h2>
      {list ? (
        list.length === 0 ? (
          <p className="k-security__muted">{t("security.noEvents")}</p>
        ) : (
          <>
            <ul className="k-security__list">
              {list.map((e) => (
                <li key={e.id} className="k-security__item">
                  <div className="k-security__text">
                    <p className="k-security__name">{t(`words.kind.${e.kind}`)}</p>
                    <EventDetails event={e} />
                    <time className="k-security__muted" dateTime={e.createdAt}>
                      {when(e.createdAt)}
                    </time>
                  </div>
                </li>
              ))}
            </ul>
            {events.hasNextPage ? (
              <Button
                variant="ghost"
                disabled={events.isFetchingNextPage}
                onClick={() => void events.fetchNextPage()}
              >
                {t("security.more")}
              </Button>
            ) : null}
          </>
        )
      ) : events.isPending ? (
        <RowsSkeleton />
      ) : (
        <LoadError onRetry={() => void events.refetch()} />
      )}
    </section>
  );
}

/** Device, place, card: what the record holds beside the event, in words. */
function EventDetails({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation();
  const d = event.details;
  const parts = [
    d.device,
    placeOf(d.country),
    d.newDevice ? t("security.newDevice") : undefined,
    d.card ? t("security.card", { last4: d.card }) : undefined,
    d.how === "alert link" ? t("security.viaAlert") : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? <p className="k-security__muted">{parts.join(" · ")}</p> : null;
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="k-security__error">
      <p>{t("security.loadError")}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t("security.retry")}
      </Button>
    </div>
  );
}
