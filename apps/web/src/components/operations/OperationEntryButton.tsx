import { type ReactNode, useId } from "react";
import type { OperationType } from "../../lib/operations/operations-schema.ts";
import { useOperationGate } from "./use-operation-gate.ts";
import "./operation-entry.css";

export interface OperationEntryButtonProps {
  /** Usable if any of these operations is (Add funds covers card and crypto pay-in). */
  operations: readonly OperationType[];
  label: string;
  /** A second line under the label, e.g. 'No fees, instant, worldwide'. */
  hint?: string;
  icon?: ReactNode;
  /** Runs only when the catalog allows the operation. */
  onEnter: () => void;
  /** Runs before the maintenance modal opens, e.g. to close the modal this entry sits in. */
  onBlocked?: () => void;
  className?: string;
}

/**
 * A button that starts an operation through the operations catalog: under maintenance it opens
 * the maintenance modal, when disabled (or not built yet: "Coming soon") it is disabled and says why.
 * An operation the merchant does not offer at all (the loaded catalog does not list it, e.g. card
 * pay-in switched off by its feature flags) has no entry: there is nothing to wait for or unlock.
 */
export function OperationEntryButton(props: OperationEntryButtonProps) {
  const gate = useOperationGate(props.operations);
  const reasonId = useId();
  const disabled = gate.state === "disabled" || gate.state === "soon";
  if (!gate.offered) return null;

  return (
    <div className={`k-entry ${props.className ?? ""}`}>
      <button
        type="button"
        className="k-entry__button"
        disabled={disabled}
        title={gate.disabledReason}
        aria-describedby={disabled ? reasonId : undefined}
        onClick={() => {
          if (gate.state === "maintenance") props.onBlocked?.();
          gate.enter(props.onEnter);
        }}
      >
        {props.icon ? <span className="k-entry__icon">{props.icon}</span> : null}
        <span className="k-entry__text">
          <span className="k-entry__label">{props.label}</span>
          {props.hint ? <span className="k-entry__hint">{props.hint}</span> : null}
        </span>
      </button>
      {disabled ? (
        <span id={reasonId} className="k-entry__reason">
          {gate.disabledReason}
        </span>
      ) : null}
    </div>
  );
}
