import { ApiError, unwrap } from "@kestrel/api-client";
import { type FormEvent, useState } from "react";
import { ErrorMessage, Field } from "../../components/kit.tsx";
import { api, session } from "../../lib/api.ts";

/** Email and password, then the authenticator's code (docs/backoffice.md "Signing in"). */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [step, setStep] = useState<"password" | "code">("password");
  const [error, setError] = useState<ApiError | Error | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = (work: (form: FormData) => Promise<void>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await work(new FormData(e.currentTarget));
    } catch (err) {
      setError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setBusy(false);
    }
  };

  const password = submit(async (form) => {
    const data = await unwrap(
      api.POST("/admin/v1/auth/sign-in", {
        body: { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") },
      }),
    );
    session.setCsrfToken(data.csrfToken);
    setStep("code");
  });

  const code = submit(async (form) => {
    try {
      await unwrap(
        api.POST("/admin/v1/auth/totp", { body: { code: String(form.get("code") ?? "").trim() } }),
      );
    } catch (err) {
      // The password step lapsed (5 minutes) or the session ended: start again.
      if (err instanceof ApiError && err.code !== "OPERATOR_CODE_WRONG" && err.status === 401)
        setStep("password");
      throw err;
    }
    onSignedIn();
  });

  const fieldError = (name: string) =>
    error instanceof ApiError && error.field === name ? error.message : undefined;
  const formError = error && !(error instanceof ApiError && error.field) ? error : undefined;

  return (
    <main id="main" className="sign-in">
      <div className="card narrow">
        <h1>Kestrel back-office</h1>
        {step === "password" ? (
          <form onSubmit={password} noValidate>
            <p className="muted">Sign in with your operator account.</p>
            <Field id="email" label="Email" error={fieldError("email")}>
              <input id="email" name="email" type="email" autoComplete="username" required />
            </Field>
            <Field id="password" label="Password" error={fieldError("password")}>
              <input id="password" name="password" type="password" autoComplete="current-password" required />
            </Field>
            <ErrorMessage error={formError} />
            <button className="button" type="submit" disabled={busy}>
              Continue
            </button>
          </form>
        ) : (
          <form onSubmit={code} noValidate>
            <p className="muted">Enter the 6-digit code from your authenticator app.</p>
            <Field id="code" label="Authentication code" error={fieldError("code")}>
              <input
                id="code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                aria-describedby={fieldError("code") ? "code-error" : undefined}
              />
            </Field>
            <ErrorMessage error={formError} />
            <button className="button" type="submit" disabled={busy}>
              Sign in
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
