import { type InputHTMLAttributes, useId } from "react";
import { normalizeAmountInput } from "../lib/format/amount-input-rules.ts";
import "./field.css";

export interface AmountInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "type" | "inputMode"> {
  label: string;
  /** A decimal string such as "0.015"; never a JS number (docs/architecture.md, "Money"). */
  value: string;
  onChange: (value: string) => void;
  /** Spec §5 alternate mode: at most 6 decimals instead of 8. */
  alternate?: boolean;
  /** Shown after the field, e.g. the currency code. */
  suffix?: string;
  error?: string;
}

/** An amount field applying the spec §5 rules on every keystroke; a refused keystroke is dropped. */
export function AmountInput({
  label,
  value,
  onChange,
  alternate,
  suffix,
  error,
  id,
  ...rest
}: AmountInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className="k-field">
      <label htmlFor={inputId} className="k-field__label">
        {label}
      </label>
      <div className="k-field__control">
        <input
          {...rest}
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className="k-field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const next = normalizeAmountInput(event.target.value, { alternate });
            if (next !== null) onChange(next);
          }}
        />
        {suffix ? <span className="k-field__suffix">{suffix}</span> : null}
      </div>
      {error ? (
        <p id={errorId} className="k-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
