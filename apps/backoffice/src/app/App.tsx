import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AdjustmentsPage } from "../features/adjustments/AdjustmentsPage.tsx";
import { ProposeAdjustmentPage } from "../features/adjustments/ProposeAdjustmentPage.tsx";
import { AuditPage } from "../features/audit/AuditPage.tsx";
import { ConfigurationPage } from "../features/configuration/ConfigurationPage.tsx";
import { CustomerPage } from "../features/customers/CustomerPage.tsx";
import { CustomersPage } from "../features/customers/CustomersPage.tsx";
import { DashboardPage } from "../features/dashboard/DashboardPage.tsx";
import { CasePage } from "../features/kyc/CasePage.tsx";
import { CasesPage } from "../features/kyc/CasesPage.tsx";
import { OperationPage } from "../features/operations/OperationPage.tsx";
import { OperationsPage } from "../features/operations/OperationsPage.tsx";
import { OperatorsPage } from "../features/operators/OperatorsPage.tsx";
import { ReportsPage } from "../features/reports/ReportsPage.tsx";
import { StuckPaymentsPage } from "../features/stuck-payments/StuckPaymentsPage.tsx";
import { Layout } from "./Layout.tsx";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } },
});

const router = createBrowserRouter(
  [
    {
      element: <Layout />,
      children: [
        { index: true, element: <DashboardPage /> },
        { path: "kyc", element: <CasesPage /> },
        { path: "kyc/:caseId", element: <CasePage /> },
        { path: "customers", element: <CustomersPage /> },
        { path: "customers/:customerId", element: <CustomerPage /> },
        { path: "customers/:customerId/adjust", element: <ProposeAdjustmentPage /> },
        { path: "adjustments", element: <AdjustmentsPage /> },
        { path: "operations", element: <OperationsPage /> },
        { path: "operations/:operationId", element: <OperationPage /> },
        { path: "stuck-payments", element: <StuckPaymentsPage /> },
        { path: "reports", element: <ReportsPage /> },
        { path: "audit", element: <AuditPage /> },
        { path: "operators", element: <OperatorsPage /> },
        { path: "configuration", element: <ConfigurationPage /> },
      ],
    },
  ],
  { basename: "/backoffice" },
);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
