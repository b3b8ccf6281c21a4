import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { Spinner } from "../../components/Spinner.tsx";
import { PageSkeleton } from "../../components/skeleton/PageSkeleton.tsx";
import { useBanners } from "../../lib/config-service/queries.ts";
import { ROUTES } from "../../lib/routes.ts";
import { BannerList } from "./BannerList.tsx";
import { FaqSection } from "./FaqSection.tsx";
import { SiteFooter } from "./SiteFooter.tsx";
import { SiteHeader } from "./SiteHeader.tsx";
import "./layout.css";

/**
 * The frame of every signed-in page. Mobile first: one column; from 1024 px the right banners
 * move into a side column. Content never grows past the 1440 px layout width (spec §9).
 * The merchant's banners and FAQ belong to home: under an operation's form they would push the
 * form's own content off a phone's screen. Other pages keep only the right column, on wide
 * screens where it sits beside the page rather than under it.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const onHome = useLocation().pathname === ROUTES.home;
  const hasRightBanners = (useBanners("right").data?.length ?? 0) > 0;
  return (
    <LayoutFrame withNavigation>
      <div className={`k-app__body ${hasRightBanners ? "k-app__body--with-aside" : ""}`}>
        <MainContent />
        {hasRightBanners ? (
          <aside
            className={`k-app__aside ${onHome ? "" : "k-app__aside--wide-only"}`}
            aria-label={t("layout.banners")}
          >
            <BannerList position="right" />
          </aside>
        ) : null}
      </div>
      {onHome ? <BannerList position="bottom" /> : null}
      {onHome ? <FaqSection /> : null}
    </LayoutFrame>
  );
}

/** Sign-in, sign-up, password reset, referral code: the brand without the app's navigation. */
export function AuthLayout() {
  return (
    <LayoutFrame withNavigation={false}>
      <div className="k-app__body k-app__body--narrow">
        <MainContent />
      </div>
    </LayoutFrame>
  );
}

/**
 * A page behind a session while the session or the profile is still answering: the merchant's
 * brand and a spinner where the page will be, rather than a blank screen. The server sends it in
 * the HTML of every such page (entry-server.tsx), so a phone paints the brand before any script.
 */
export function PendingLayout() {
  return (
    <LayoutFrame withNavigation={false} brandOnly>
      <div className="k-app__body k-app__body--narrow">
        <main id="main-content" className="k-app__main k-app__main--pending" tabIndex={-1}>
          <Spinner size={60} />
        </main>
      </div>
    </LayoutFrame>
  );
}

function LayoutFrame({
  withNavigation,
  brandOnly,
  children,
}: {
  withNavigation: boolean;
  brandOnly?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={`k-app ${withNavigation ? "k-app--with-navigation" : ""}`}>
      <a className="k-skip-link" href="#main-content">
        {t("app.skipToContent")}
      </a>
      <SiteHeader withNavigation={withNavigation} brandOnly={brandOnly} />
      <div className="k-app__container">
        {children}
        <SiteFooter />
      </div>
    </div>
  );
}

function MainContent() {
  return (
    <main id="main-content" className="k-app__main" tabIndex={-1}>
      {/* Screens load with their route (app/lazy-page.ts): while the first screen's code loads,
          a card of a page's shape (title, rows) holds its place rather than a spinner. Later
          navigations are transitions (BrowserRouter wraps them in startTransition), so React
          keeps the previous screen on view while the next one loads. */}
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
