import { type ReactNode, useId } from "react";
import { NavLink, useNavigate } from "react-router";
import type { OperationType } from "../../lib/operations/operations-schema.ts";
import { useOperationGate } from "./use-operation-gate.ts";

export interface OperationNavLinkProps {
  to: string;
  operation: OperationType;
  label: string;
  className?: string;
  /** Decorative, before the label (the phone's bottom tab bar shows it above). */
  icon?: ReactNode;
}

/** A navigation link to an operation's page, subject to the operations catalog like any entry. */
export function OperationNavLink({ to, operation, label, className, icon }: OperationNavLinkProps) {
  const gate = useOperationGate([operation]);
  const navigate = useNavigate();
  const reasonId = useId();

  if (gate.state === "disabled" || gate.state === "soon") {
    // A link cannot be disabled; a non-interactive label with the reason says the same thing.
    return (
      <span
        className={`${className ?? ""} is-disabled`}
        aria-disabled="true"
        aria-describedby={reasonId}
        title={gate.disabledReason}
      >
        {icon}
        <span>{label}</span>
        <span id={reasonId} className="visually-hidden">
          {gate.disabledReason}
        </span>
      </span>
    );
  }

  return (
    <NavLink
      to={to}
      className={className}
      onClick={(event) => {
        // Keep the link a real link (new tab, copy address); intercept only the plain click.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        gate.enter(() => navigate(to));
      }}
    >
      {icon}
      <span>{label}</span>
    </NavLink>
  );
}
