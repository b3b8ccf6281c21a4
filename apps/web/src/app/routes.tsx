import type { ReactNode } from "react";
import { Navigate, Outlet, type RouteObject } from "react-router";
import { MaintenanceProvider } from "../components/operations/maintenance-context.tsx";
import { AccountPage } from "../features/auth/AccountPage.tsx";
import { ReferralCodePage } from "../features/auth/ReferralCodePage.tsx";
import { ResetPasswordPage } from "../features/auth/ResetPasswordPage.tsx";
import { SignInPage } from "../features/auth/SignInPage.tsx";
import { SignUpPage } from "../features/auth/SignUpPage.tsx";
import { CardTopUpPage } from "../features/card-payments/CardTopUpPage.tsx";
import { CardWithdrawPage } from "../features/card-payments/CardWithdrawPage.tsx";
import { CardOrderPage } from "../features/cards/CardOrderPage.tsx";
import { CardsPage } from "../features/cards/CardsPage.tsx";
import { EarnPage } from "../features/earn/EarnPage.tsx";
import { ExchangePage } from "../features/exchange/ExchangePage.tsx";
import { HistoryPage } from "../features/history/HistoryPage.tsx";
import { HomePage } from "../features/home/HomePage.tsx";
import { IbanPage } from "../features/iban/IbanPage.tsx";
import { IbanWithdrawPage } from "../features/iban/IbanWithdrawPage.tsx";
import { KIT_PATH, KitPage } from "../features/kit/KitPage.tsx";
import { LimitsPage } from "../features/limits/LimitsPage.tsx";
import { ReceivePage } from "../features/receive/ReceivePage.tsx";
import { SendPhonePage } from "../features/send/SendPhonePage.tsx";
import { SendWalletPage } from "../features/send/SendWalletPage.tsx";
import { VerificationPage } from "../features/verification/VerificationPage.tsx";
import { OPERATION_PAGES } from "../lib/operations/built-operations.ts";
import { ROUTES } from "../lib/routes.ts";
import { OperationRoute } from "./guards/OperationRoute.tsx";
import { LeaveWhenSignedIn, ProfileSteps } from "./guards/ProfileSteps.tsx";
import { RequireSession } from "./guards/RequireSession.tsx";
import { AppLayout, AuthLayout } from "./layout/AppLayout.tsx";
import { type PageKey, PlaceholderPage } from "./layout/PlaceholderPage.tsx";

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
        // Every page of the app frame needs a session (spec §2, §8) and no step owed (spec §2).
        element: (
          <RequireSession>
            <ProfileSteps>
              <AppLayout />
            </ProfileSteps>
          </RequireSession>
        ),
        children: [
          { index: true, element: <HomePage /> },
          { path: ROUTES.verification, element: <VerificationPage /> },
          { path: ROUTES.limits, element: <LimitsPage /> },
          { path: ROUTES.account, element: <AccountPage /> },
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
