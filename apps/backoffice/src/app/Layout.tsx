import { unwrap } from "@kestrel/api-client";
import { OPERATOR_ROLE_PHRASES } from "@kestrel/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { NavLink, Outlet } from "react-router";
import { Loading } from "../components/kit.tsx";
import { ChangePasswordPage } from "../features/auth/ChangePasswordPage.tsx";
import { SignInPage } from "../features/auth/SignInPage.tsx";
import { api, session } from "../lib/api.ts";
import { type Me, MeContext } from "../lib/me.ts";
import { wordFor } from "../lib/words.ts";

const NAV: { to: string; label: string; permission: string }[] = [
  { to: "/", label: "Overview", permission: "dashboard.read" },
  { to: "/kyc", label: "KYC review", permission: "kyc.read" },
  { to: "/customers", label: "Customers", permission: "customers.read" },
  { to: "/operations", label: "Operations", permission: "operations.read" },
  { to: "/adjustments", label: "Adjustments", permission: "adjustments.read" },
  { to: "/stuck-payments", label: "Stuck payments", permission: "operations.read" },
  { to: "/reports", label: "Reports", permission: "reports.read" },
  { to: "/audit", label: "Audit trail", permission: "audit.read" },
  { to: "/operators", label: "Operators", permission: "operators.manage" },
  { to: "/configuration", label: "Configuration", permission: "config.read" },
];

/** Signed in or not: the sign-in steps, else the header, navigation and the page. */
export function Layout() {
  const queryClient = useQueryClient();
  const [merchantId, setMerchantId] = useState(session.merchantId);
  const me = useQuery({
    queryKey: ["me"],
    queryFn: async () => {
      const data = await unwrap(api.GET("/admin/v1/me"));
      session.setCsrfToken(data.csrfToken);
      const chosen = session.merchantId();
      const first = data.merchants[0];
      if (first && !data.merchants.some((m) => m.id === chosen)) session.setMerchantId(first.id);
      return data as Me;
    },
  });
  useEffect(
    () =>
      session.onSignedOut(() => {
        // Only a session that was live ends here: the sign-in page's own 401 must not loop.
        if (!queryClient.getQueryData(["me"])) return;
        queryClient.clear();
        void queryClient.invalidateQueries({ queryKey: ["me"] });
      }),
    [queryClient],
  );

  if (me.isPending) return <Loading />;
  if (me.isError || !me.data) return <SignInPage onSignedIn={() => me.refetch()} />;
  if (me.data.operator.passwordChangeRequired) return <ChangePasswordPage onChanged={() => me.refetch()} />;
  const operator = me.data.operator;
  const signOut = async () => {
    await api.POST("/admin/v1/auth/sign-out");
    session.setCsrfToken(undefined);
    queryClient.clear();
    await me.refetch();
  };
  return (
    <MeContext value={me.data}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="brand">Kestrel back-office</p>
        <div className="who">
          {me.data.merchants.length > 1 ? (
            <label className="merchant-pick">
              <span>Merchant</span>
              <select
                value={merchantId ?? session.merchantId()}
                onChange={(e) => {
                  session.setMerchantId(e.target.value);
                  setMerchantId(e.target.value);
                  // Every page's data is of the merchant acted on: read again for the new one.
                  void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== "me" });
                }}
              >
                {me.data.merchants.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.title}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <span>{me.data.merchants[0]?.title}</span>
          )}
          <span className="muted">
            {operator.email} · {wordFor(OPERATOR_ROLE_PHRASES, operator.role)}
          </span>
          <button type="button" className="button secondary" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <nav aria-label="Main" className="nav">
        <ul>
          {NAV.filter((n) => operator.permissions.includes(n.permission as never)).map((n) => (
            <li key={n.to}>
              <NavLink to={n.to} end={n.to === "/"}>
                {n.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="main">
        <Outlet />
      </main>
    </MeContext>
  );
}
