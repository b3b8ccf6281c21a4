import type { ReactNode } from "react";
import "../auth.css";

export interface AuthPageProps {
  title: string;
  /** "Step 2 of 3", above the title. */
  step?: string;
  /** The current step's own heading, under the page title. */
  subtitle?: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The card of the sign-in style pages: title, optional step and intro, content, footer links. */
export function AuthPage({ title, step, subtitle, intro, children, footer }: AuthPageProps) {
  return (
    <section className="k-surface k-auth">
      <div className="k-auth__header">
        {step ? <p className="k-auth__step">{step}</p> : null}
        <h1 className="k-page-title">{title}</h1>
        {subtitle ? <h2 className="k-auth__subtitle">{subtitle}</h2> : null}
        {intro ? <p className="k-auth__intro">{intro}</p> : null}
      </div>
      {children}
      {footer ? <div className="k-auth__footer">{footer}</div> : null}
    </section>
  );
}
