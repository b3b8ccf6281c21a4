import type { ReactNode } from "react";
import { Navigate, Outlet, type RouteObject } from "react-router";
import { MaintenanceProvider } from "../components/operations/maintenance-context.tsx";
import { KIT_PATH } from "../features/kit/kit-path.ts";
import { OPERATION_PAGES } from "../lib/operations/built-operations.ts";
import { ROUTES } from "../lib/routes.ts";
import { OperationRoute } from "./guards/OperationRoute.tsx";
import { LeaveWhenSignedIn, ProfileSteps } from "./guards/ProfileSteps.tsx";
import { RequireSession } from "./guards/RequireSession.tsx";
import { AppLayout, AuthLayout, PendingLayout } from "./layout/AppLayout.tsx";
import { type PageKey, PlaceholderPage } from "./layout/PlaceholderPage.tsx";
import { type LazyPage, lazyPage } from "./lazy-page.ts";

// One lazy import per screen: its code (and the libraries only it uses) loads with its route.
// A new screen adds one line here and one entry below.
const SignInPage = lazyPage(() => import("../features/auth/SignInPage.tsx"), "SignInPage");
const SignUpPage = lazyPage(() => import("../features/auth/SignUpPage.tsx"), "SignUpPage");
const ResetPasswordPage = lazyPage(
  () => import("../features/auth/ResetPasswordPage.tsx"),
  "ResetPasswordPage",
);
const ReferralCodePage = lazyPage(() => import("../features/auth/ReferralCodePage.tsx"), "ReferralCodePage");
const HomePage = lazyPage(() => import("../features/home/HomePage.tsx"), "HomePage");
const VerificationPage = lazyPage(
  () => import("../features/verification/VerificationPage.tsx"),
  "VerificationPage",
);
const LimitsPage = lazyPage(() => import("../features/limits/LimitsPage.tsx"), "LimitsPage");
const ExchangePage = lazyPage(() => import("../features/exchange/ExchangePage.tsx"), "ExchangePage");
const StatusPage = lazyPage(() => import("../features/status/StatusPage.tsx"), "StatusPage");
const EarnPage = lazyPage(() => import("../features/earn/EarnPage.tsx"), "EarnPage");
const ReceivePage = lazyPage(() => import("../features/receive/ReceivePage.tsx"), "ReceivePage");
const SendPhonePage = lazyPage(() => import("../features/send/SendPhonePage.tsx"), "SendPhonePage");
const SendWalletPage = lazyPage(() => import("../features/send/SendWalletPage.tsx"), "SendWalletPage");
const HistoryPage = lazyPage(() => import("../features/history/HistoryPage.tsx"), "HistoryPage");
const KitPage = lazyPage(() => import("../features/kit/KitPage.tsx"), "KitPage");
const AccountPage = lazyPage(() => import("../features/auth/AccountPage.tsx"), "AccountPage");
const NotMePage = lazyPage(() => import("../features/auth/NotMePage.tsx"), "NotMePage");
const SecurityPage = lazyPage(() => import("../features/security/SecurityPage.tsx"), "SecurityPage");
const CardTopUpPage = lazyPage(() => import("../features/card-payments/CardTopUpPage.tsx"), "CardTopUpPage");
const CardWithdrawPage = lazyPage(
  () => import("../features/card-payments/CardWithdrawPage.tsx"),
  "CardWithdrawPage",
);
const CardsPage = lazyPage(() => import("../features/cards/CardsPage.tsx"), "CardsPage");
const CardOrderPage = lazyPage(() => import("../features/cards/CardOrderPage.tsx"), "CardOrderPage");
const CardTopUpCryptoPage = lazyPage(
  () => import("../features/cards/CardTopUpCryptoPage.tsx"),
  "CardTopUpCryptoPage",
);
const IbanPage = lazyPage(() => import("../features/iban/IbanPage.tsx"), "IbanPage");
const IbanWithdrawPage = lazyPage(() => import("../features/iban/IbanWithdrawPage.tsx"), "IbanWithdrawPage");

/**
 * Each address's screen. main.tsx starts loading the screen of the address the app opens on at
 * once, beside the entry, rather than once the session and the profile are known; the public
 * pages the server renders (entry-server.tsx) wait for it before they hydrate.
 */
export const SCREENS_BY_PATH: Readonly<Record<string, LazyPage>> = {
  [ROUTES.home]: HomePage,
  [ROUTES.signIn]: SignInPage,
  [ROUTES.signUp]: SignUpPage,
  [ROUTES.resetPassword]: ResetPasswordPage,
  [ROUTES.referralCode]: ReferralCodePage,
  [ROUTES.verification]: VerificationPage,
  [ROUTES.exchange]: ExchangePage,
  [ROUTES.topUpCard]: CardTopUpPage,
  [ROUTES.topUpReceive]: ReceivePage,
  [ROUTES.withdrawCard]: CardWithdrawPage,
  [ROUTES.sendWallet]: SendWalletPage,
  [ROUTES.sendPhone]: SendPhonePage,
  [ROUTES.iban]: IbanPage,
  [ROUTES.ibanWithdrawBank]: IbanWithdrawPage,
  [ROUTES.cards]: CardsPage,
  [ROUTES.cardsTopUpCrypto]: CardTopUpCryptoPage,
  [ROUTES.cardsOrder]: CardOrderPage,
  [ROUTES.earn]: EarnPage,
  [ROUTES.history]: HistoryPage,
  [ROUTES.status]: StatusPage,
  [ROUTES.limits]: LimitsPage,
  [ROUTES.account]: AccountPage,
  [ROUTES.security]: SecurityPage,
  [ROUTES.securityNotMe]: NotMePage,
  [KIT_PATH]: KitPage,
};

/** Sign-in style pages, shown without the app's navigation; only /referral-code needs a session. */
const AUTH_PAGES: ReadonlyArray<{ page: PageKey; element: ReactNode }> = [
  {
    page: "signIn",
    element: (
      <LeaveWhenSignedIn>
        <SignInPage />
      </LeaveWhenSignedIn>
    ),
  },
  {
    page: "signUp",
    element: (
      <LeaveWhenSignedIn>
        <SignUpPage />
      </LeaveWhenSignedIn>
    ),
  },
  { page: "resetPassword", element: <ResetPasswordPage /> },
  { page: "securityNotMe", element: <NotMePage /> },
  {
    page: "referralCode",
    element: (
      <RequireSession>
        <ProfileSteps>
          <ReferralCodePage />
        </ProfileSteps>
      </RequireSession>
    ),
  },
];

/** Pages already built; every other route of spec §2 still shows its placeholder. */
const BUILT_PAGES: Partial<Record<PageKey, ReactNode>> = {
  exchange: <ExchangePage />,
  earn: <EarnPage />,
  iban: <IbanPage />,
  ibanWithdrawBank: <IbanWithdrawPage />,
  topUpReceive: <ReceivePage />,
  topUpCard: <CardTopUpPage />,
  withdrawCard: <CardWithdrawPage />,
  sendPhone: <SendPhonePage />,
  sendWallet: <SendWalletPage />,
  history: <HistoryPage />,
  cards: <CardsPage />,
  cardsOrder: <CardOrderPage />,
  cardsTopUpCrypto: <CardTopUpCryptoPage />,
};

const pageElement = (page: PageKey) => BUILT_PAGES[page] ?? <PlaceholderPage page={page} />;

/** Other pages of the app frame. */
const PLAIN_PAGES: readonly PageKey[] = ["history"];

function RootRoute() {
  // Inside the router: modals close on route changes, so they need the router's location.
  return (
    <MaintenanceProvider>
      <Outlet />
    </MaintenanceProvider>
  );
}

/** Every route of spec §2 (and /history); later issues replace the placeholders with their pages. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      {
        element: <AuthLayout />,
        children: AUTH_PAGES.map(({ page, element }) => ({ path: ROUTES[page], element })),
      },
      {
        // Public: the status page answers signed in or out, in the frame without navigation.
        element: <AuthLayout />,
        children: [{ path: ROUTES.status, element: <StatusPage /> }],
      },
      {
        // Every page of the app frame needs a session (spec §2, §8) and no step owed (spec §2).
        element: (
          <RequireSession pending={<PendingLayout />}>
            <ProfileSteps pending={<PendingLayout />}>
              <AppLayout />
            </ProfileSteps>
          </RequireSession>
        ),
        children: [
          { index: true, element: <HomePage /> },
          { path: ROUTES.verification, element: <VerificationPage /> },
          { path: ROUTES.limits, element: <LimitsPage /> },
          { path: ROUTES.account, element: <AccountPage /> },
          { path: ROUTES.security, element: <SecurityPage /> },
          ...PLAIN_PAGES.map((page) => ({ path: ROUTES[page], element: pageElement(page) })),
          ...OPERATION_PAGES.map(({ page, operation }) => ({
            path: ROUTES[page],
            element: <OperationRoute operation={operation}>{pageElement(page)}</OperationRoute>,
          })),
        ],
      },
      { path: KIT_PATH, element: <AppLayout />, children: [{ index: true, element: <KitPage /> }] },
      // An unknown address goes home rather than to an invented "not found" page.
      { path: "*", element: <Navigate to={ROUTES.home} replace /> },
    ],
  },
];
