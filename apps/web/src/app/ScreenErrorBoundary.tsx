import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../components/Button.tsx";

type Props = { pathname: string; children: ReactNode };
type State = { failed: boolean; pathname: string };

/**
 * A screen that fails to render (its code no longer downloads after a release, a bug) shows an
 * error with a reload instead of a frozen page. The data router had such a page of its own; the
 * declarative one (AppShell.tsx) has none. Going to another address tries again.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <ScreenError /> : this.props.children;
  }
}

function ScreenError() {
  const { t } = useTranslation();
  return (
    <section className="k-surface" role="alert">
      <h1 className="k-page-title">{t("app.error.title")}</h1>
      <p>{t("app.error.message")}</p>
      <Button onClick={() => window.location.reload()}>{t("app.error.reload")}</Button>
    </section>
  );
}
