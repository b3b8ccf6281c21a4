import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import "./field.css";
import "./form-fields.css";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A short help line under the field, e.g. the password rules. */
  hint?: string;
  error?: string;
  /** Shown inside the field's box after the input, e.g. a show-password button. */
  end?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; its hint and error are tied to it for screen readers. */
export function TextField({ label, hint, error, end, id, className, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ");
  return (
    <div className={`k-field ${className ?? ""}`}>
      <label htmlFor={inputId} className="k-field__label">
        {label}
      </label>
      <div className="k-field__control">
        <input
          id={inputId}
          className="k-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...rest}
        />
        {end}
      </div>
      {hint ? (
        <p id={hintId} className="k-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="k-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
