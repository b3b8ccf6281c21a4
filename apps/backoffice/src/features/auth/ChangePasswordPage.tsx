import { ApiError, unwrap } from "@kestrel/api-client";
import { type FormEvent, useState } from "react";
import { ErrorMessage, Field } from "../../components/kit.tsx";
import { api } from "../../lib/api.ts";

/**
 * The one-time password of `npm run operator:create` replaced by the operator's own before
 * anything else (the server refuses every other call until then).
 */
export function ChangePasswordPage({ onChanged }: { onChanged: () => void }) {
  const [error, setError] = useState<ApiError | Error | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    setError(undefined);
    if (newPassword !== String(form.get("repeatPassword") ?? "")) {
      setError(
        new ApiError(400, {
          error: "MISMATCH",
          message: "The two new passwords differ.",
          field: "repeatPassword",
        }),
      );
      return;
    }
    setBusy(true);
    try {
      await unwrap(api.POST("/admin/v1/auth/password", { body: { currentPassword, newPassword } }));
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (name: string) =>
    error instanceof ApiError && error.field === name ? error.message : undefined;
  const formError = error && !(error instanceof ApiError && error.field) ? error : undefined;
  const input = (name: string, autoComplete: string) => (
    <input
      id={name}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      aria-invalid={fieldError(name) ? true : undefined}
      aria-describedby={fieldError(name) ? `${name}-error` : undefined}
    />
  );

  return (
    <main id="main" className="sign-in">
      <div className="card narrow">
        <h1>Choose your password</h1>
        <form onSubmit={submit} noValidate>
          <p className="muted">
            You signed in with a one-time password. Choose your own (12 characters or more) to continue.
          </p>
          <Field id="currentPassword" label="One-time password" error={fieldError("currentPassword")}>
            {input("currentPassword", "current-password")}
          </Field>
          <Field id="newPassword" label="New password" error={fieldError("newPassword")}>
            {input("newPassword", "new-password")}
          </Field>
          <Field id="repeatPassword" label="New password again" error={fieldError("repeatPassword")}>
            {input("repeatPassword", "new-password")}
          </Field>
          <ErrorMessage error={formError} />
          <button className="button" type="submit" disabled={busy}>
            Save the password
          </button>
        </form>
      </div>
    </main>
  );
}
