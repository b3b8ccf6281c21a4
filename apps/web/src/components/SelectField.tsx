import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from "react";
import "./field.css";
import "./form-fields.css";

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select: the platform's own picker, which phones render best. */
export function SelectField({ label, error, id, children, ...rest }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className="k-field">
      <label htmlFor={selectId} className="k-field__label">
        {label}
      </label>
      <div className="k-field__control k-field__control--select">
        <select
          id={selectId}
          className="k-field__input k-field__select"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        >
          {children}
        </select>
      </div>
      {error ? (
        <p id={errorId} className="k-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
